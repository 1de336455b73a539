"""early card events."""

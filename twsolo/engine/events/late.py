"""late card events."""

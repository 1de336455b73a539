"""mid card events."""

"""optional card events."""

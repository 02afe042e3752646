"""Rule mechanisms that are more than data: each is generic and configured by a variant."""

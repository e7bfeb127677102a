"""What the games app tells the rest of the site, without knowing who listens."""

from django.dispatch import Signal

# A match that counts for its students ended (won, lost or given up), once committed; sent
# with match_id. Progress listens (and catches up nightly if a message is lost).
match_ended = Signal()

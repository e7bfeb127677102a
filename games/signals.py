"""What the games app tells the rest of the site, without knowing who listens."""

from django.dispatch import Signal

# A match that counts for its students ended (won, lost or given up), once committed; sent
# with match_id. Progress listens (and catches up nightly if a message is lost).
match_ended = Signal()

# The games app's own background work, sent by games.tasks (games/apps.py connects it), so
# that the services and the wake-up planner never import the tasks that call them:
# a match's change is committed and its wake-up is due (sent with match_id, due: a datetime);
wake_due = Signal()
# a finished match has something for the rules to analyse (sent with match_id).
analysis_due = Signal()

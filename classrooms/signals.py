"""What the classrooms app tells the rest of the site, without knowing who listens."""

from django.dispatch import Signal

# A student is being removed with their data: sent with `student` inside the removal's
# transaction, before anything of theirs is deleted, so the apps that keep something about
# them settle it first (the games app: the matches they sit in, so classmates' games stay
# whole). A receiver that fails undoes the removal.
student_removing = Signal()

"""Forms for starting matches, and turning a posted move into the game's JSON form."""

import re

from django import forms

from .engine import Game

MOVE_FIELD = re.compile(r"[a-z_]{1,20}")
WHOLE_NUMBER = re.compile(r"-?\d{1,6}")
NOT_MOVE_FIELDS = {"csrfmiddlewaretoken", "version"}

OPPONENT_CHOICES = [("", "— nobody —"), ("classmate", "A classmate")]


def move_data_from_post(post) -> dict:
    """A posted move as JSON data: whole numbers become ints; the game's parse_move checks all."""
    data: dict = {}
    for key, value in post.items():
        if key in NOT_MOVE_FIELDS or not MOVE_FIELD.fullmatch(key):
            continue
        value = value[:40]
        data[key] = int(value) if WHOLE_NUMBER.fullmatch(value) else value
    return data


class NewMatchForm(forms.Form):
    """Settings for the game, and who else sits at the table (bots and/or classmates)."""

    def __init__(self, *args, game: Game, fixed_settings: dict | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        self.fixed_settings = fixed_settings
        if fixed_settings is None:
            for spec in game.settings_fields():
                self.fields[f"setting_{spec['name']}"] = forms.TypedChoiceField(
                    label=spec["label"],
                    choices=[(str(v), text) for v, text in spec["choices"]],
                    initial=str(game.default_settings()[spec["name"]]),
                    coerce=_coerce,
                    help_text=spec.get("help", ""),
                )
        bot_choices = [(name, bot.label) for name, bot in game.bots().items()]
        choices = [*OPPONENT_CHOICES[:1], *bot_choices, *OPPONENT_CHOICES[1:]]
        for i in range(1, game.max_players):
            self.fields[f"seat_{i}"] = forms.ChoiceField(
                label=f"Player {i + 1}",
                choices=choices,
                required=False,
                initial=bot_choices[0][0] if i == 1 else "",
            )

    def clean(self):
        cleaned = super().clean()
        others = [cleaned.get(f"seat_{i}") for i in range(1, self.game.max_players)]
        others = [choice for choice in others if choice]
        if len(others) + 1 < self.game.min_players:
            raise forms.ValidationError("Choose at least one other player (a bot or a classmate).")
        cleaned["others"] = others
        return cleaned

    def game_settings(self) -> dict:
        if self.fixed_settings is not None:
            return dict(self.fixed_settings)
        prefix = "setting_"
        return {k[len(prefix) :]: v for k, v in self.cleaned_data.items() if k.startswith(prefix)}


def _coerce(value: str):
    return int(value) if WHOLE_NUMBER.fullmatch(value) else value


class AssignmentForm(forms.Form):
    """A game's settings, the goal, an optional due date and (optionally) some students."""

    goal = forms.ChoiceField(
        label="Goal", choices=[("finish", "Finish games"), ("win", "Win games")]
    )
    goal_count = forms.IntegerField(label="How many games", min_value=1, max_value=50, initial=3)
    due_date = forms.DateField(
        label="Due date (optional)", required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    students = forms.MultipleChoiceField(
        label="Students (leave all unticked for the whole class)",
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args, game: Game, classroom, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        self.classroom = classroom
        for spec in reversed(game.settings_fields()):
            field = forms.TypedChoiceField(
                label=spec["label"],
                choices=[(str(v), text) for v, text in spec["choices"]],
                initial=str(game.default_settings()[spec["name"]]),
                coerce=_coerce,
                help_text=spec.get("help", ""),
            )
            self.fields = {f"setting_{spec['name']}": field, **self.fields}
        self.fields["students"].choices = [(str(s.pk), s.name) for s in classroom.students.all()]

    def game_settings(self) -> dict:
        prefix = "setting_"
        return {k[len(prefix) :]: v for k, v in self.cleaned_data.items() if k.startswith(prefix)}

    def chosen_students(self) -> list:
        ids = [int(pk) for pk in self.cleaned_data["students"]]
        return list(self.classroom.students.filter(pk__in=ids))

"""Forms for starting matches and making assignments (a game's settings as fields), and
turning a posted move into the game's JSON form."""

import functools
import re
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils import timezone

from .engine import Game, SettingsError, all_games

MOVE_FIELD = re.compile(r"[a-z_]{1,20}")
WHOLE_NUMBER = re.compile(r"-?\d{1,6}")
NOT_MOVE_FIELDS = {"csrfmiddlewaretoken", "version", "submission", "board_key"}
MAX_VALUE, MAX_LIST_VALUE = 40, 400

OPPONENT_CHOICES = [("", "— nobody —"), ("classmate", "A classmate")]
BLANK_SLOT = ("", "— blank (not used) —")
NUMBER_NAME = re.compile(r"\bN\b")  # a slot kind's text names its number "N"
# Settings shown only for some choices of another ("only_if") are numbered 1.. in a form;
# static/css/site.css hides each one unless a choice marked with its number is selected.
MAX_ONLY_IF = 4


def move_data_from_post(post, list_fields: frozenset[str] | None = None) -> dict:
    """A posted move as JSON data: whole numbers become ints; the game's parse_move checks all.
    `list_fields`: the fields the game's forms post as several values (Game.list_fields);
    None: any game's (the move's game is checked by the service, under its lock)."""
    if list_fields is None:
        list_fields = _any_games_list_fields()
    data: dict = {}
    for key in post:
        if key in NOT_MOVE_FIELDS or not MOVE_FIELD.fullmatch(key):
            continue
        # Ticked cards (cards=3&cards=7) read as "3,7"; any other field sent twice (a hidden
        # field and a button of the same name) is the last one sent, as browsers intend.
        values = post.getlist(key) if hasattr(post, "getlist") else [post[key]]
        value = ",".join(values) if key in list_fields else values[-1]
        if len(value) > (MAX_LIST_VALUE if key in list_fields else MAX_VALUE):
            value = "?"  # never cut a list short: a shorter list is another move; "?" is refused
        data[key] = int(value) if WHOLE_NUMBER.fullmatch(value) else value
    return data


@functools.cache
def _any_games_list_fields() -> frozenset[str]:
    return frozenset().union(*(game.list_fields for game in all_games()))


@dataclass(frozen=True)
class SlotRow:
    """One slot of a slots setting: what it does, and its number (for kinds with one)."""

    number: int
    kind: forms.BoundField
    n: forms.BoundField | None  # None when no kind has a number


@dataclass(frozen=True)
class SlotGroup:
    """A slots setting as the template shows it: a fieldset of rows."""

    name: str
    label: str
    help: str
    rows: list[SlotRow]


class GameSettingsForm(forms.Form):
    """A form holding a game's settings_fields: a select per choice, a select and a number
    per slot. clean() assembles the settings and lets the game's clean_settings judge them."""

    game: Game

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.setting_specs: list[dict[str, Any]] = []
        self._settings: dict[str, Any] | None = None

    def add_game_settings(self, game: Game, *, teacher: bool) -> None:
        """Put the game's settings fields first (teacher_only ones only for teachers)."""
        self.game = game
        self.setting_specs = [
            spec for spec in game.settings_fields() if teacher or not spec.get("teacher_only")
        ]
        defaults = game.default_settings()
        fields: dict[str, forms.Field] = {}
        for spec in self.setting_specs:
            if spec.get("type") == "slots":
                fields.update(_slot_fields(spec))
            else:
                fields[f"setting_{spec['name']}"] = _choice_field(spec, defaults[spec["name"]])
        _mark_only_if(self.setting_specs, fields)
        self.fields = {**fields, **self.fields}

    def choice_settings(self) -> list[forms.BoundField]:
        """The bound fields of the choice settings, in the game's order."""
        return [
            self[f"setting_{spec['name']}"]
            for spec in self.setting_specs
            if spec.get("type") != "slots"
        ]

    def slot_groups(self) -> list[SlotGroup]:
        """The slots settings, each a group of rows, for the template."""
        return [
            SlotGroup(
                spec["name"],
                spec["label"],
                spec.get("help", ""),
                [
                    SlotRow(i, self[_slot_name(spec, i, "kind")], self._bound(spec, i, "n"))
                    for i in range(1, spec["slots"] + 1)
                ],
            )
            for spec in self.setting_specs
            if spec.get("type") == "slots"
        ]

    def _bound(self, spec: dict[str, Any], i: int, part: str) -> forms.BoundField | None:
        name = _slot_name(spec, i, part)
        return self[name] if name in self.fields else None

    def other_fields(self) -> list[forms.BoundField]:
        """The form's own fields (not the game's settings)."""
        return [field for field in self if not field.name.startswith("setting_")]

    def clean_game_settings(self) -> dict[str, Any] | None:
        """The settings as the game takes them, or None after adding errors to the fields."""
        settings: dict[str, Any] = {}
        filled: dict[str, list[tuple[int, dict]]] = {}
        for spec in self.setting_specs:
            name = spec["name"]
            if spec.get("type") == "slots":
                filled[name] = self._filled_slots(spec)
                settings[name] = [card for _, card in filled[name]]
            elif f"setting_{name}" in self.cleaned_data:
                settings[name] = self.cleaned_data[f"setting_{name}"]
        if self.errors:
            return None
        defaults = self.game.default_settings()
        for spec in self.setting_specs:  # a hidden setting keeps its default, whatever is posted
            if spec.get("only_if") and not only_if_met(spec["only_if"], {**defaults, **settings}):
                settings[spec["name"]] = defaults[spec["name"]]
        try:
            self.game.clean_settings(settings)
        except SettingsError as error:
            self._place_settings_error(error, settings, filled)
            return None
        return settings

    def _filled_slots(self, spec: dict[str, Any]) -> list[tuple[int, dict]]:
        """The slots that are filled in, as (slot, {"kind", "n"?}); errors go to the fields."""
        texts = dict(spec["choices"])
        numbers = spec.get("numbers", {})
        filled = []
        for i in range(1, spec["slots"] + 1):
            kind_name, n_name = _slot_name(spec, i, "kind"), _slot_name(spec, i, "n")
            if kind_name in self.errors or n_name in self.errors:
                continue
            kind, n = self.cleaned_data.get(kind_name), self.cleaned_data.get(n_name)
            if not kind:
                if n is not None:
                    self.add_error(n_name, "Choose what this card does, or leave N empty.")
                continue
            if kind not in numbers:
                if n is None:
                    filled.append((i, {"kind": kind}))
                else:
                    self.add_error(n_name, f"“{texts[kind]}” has no number: leave N empty.")
                continue
            lo, hi = numbers[kind]
            if n is None or not lo <= n <= hi:
                self.add_error(n_name, f"“{texts[kind]}” needs N from {lo} to {hi}.")
            else:
                filled.append((i, {"kind": kind, "n": n}))
        if self._posted_beyond(spec):
            self.add_error(None, f"{spec['label']}: at most {spec['slots']} can be filled in.")
        return filled

    def _posted_beyond(self, spec: dict[str, Any]) -> bool:
        """Whether the post fills a slot the form does not have (a forged post)."""
        pattern = re.compile(rf"setting_{re.escape(spec['name'])}_(\d{{1,3}})_(kind|n)")
        for key, value in self.data.items():
            match = pattern.fullmatch(key)
            if match and int(match[1]) > spec["slots"] and str(value).strip():
                return True
        return False

    def _place_settings_error(self, error: SettingsError, settings: dict, filled: dict) -> None:
        """Put the game's refusal on the slot it is about (tried one card at a time), or on
        the whole form."""
        bare = {**settings, **{name: [] for name in filled}}
        try:
            self.game.clean_settings(bare)
        except SettingsError as bare_error:
            self.add_error(None, str(bare_error))
            return
        specs = {spec["name"]: spec for spec in self.setting_specs}
        placed = False
        for name, cards in filled.items():
            for i, card in cards:
                try:
                    self.game.clean_settings({**bare, name: [card]})
                except SettingsError as card_error:
                    part = "n" if "n" in card else "kind"
                    self.add_error(_slot_name(specs[name], i, part), str(card_error))
                    placed = True
        if not placed:
            self.add_error(None, str(error))


def _choice_field(spec: dict[str, Any], default: Any) -> forms.Field:
    return forms.TypedChoiceField(
        label=spec["label"],
        choices=[(str(v), text) for v, text in spec["choices"]],
        initial=str(default),
        coerce=_coerce,
        help_text=spec.get("help", ""),
        widget=RevealSelect,
    )


def only_if_met(only_if: dict[str, Any], settings: dict[str, Any]) -> bool:
    """Whether settings meet a spec's "only_if": {setting: value or [values]}."""
    for name, wanted in only_if.items():
        values = wanted if isinstance(wanted, (list, tuple)) else [wanted]
        if str(settings.get(name)) not in {str(v) for v in values}:
            return False
    return True


class RevealSelect(forms.Select):
    """A select whose options carry data-reveals="1 2": the numbers of the settings their
    choice shows (see MAX_ONLY_IF)."""

    reveals: dict[str, list[str]]

    def __init__(self, attrs=None, choices=()):
        super().__init__(attrs, choices)
        self.reveals = {}

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        keys = self.reveals.get(str(value))
        if keys:
            option["attrs"]["data-reveals"] = " ".join(keys)
        return option


def _mark_only_if(specs: list[dict[str, Any]], fields: dict[str, forms.Field]) -> None:
    """Number each choice setting with an "only_if" (field.only_if_key, for _field.html) and
    mark the options of the setting it depends on that show it."""
    key = 0
    for spec in specs:
        field = fields.get(f"setting_{spec['name']}")
        if not spec.get("only_if") or field is None or spec.get("type") == "slots":
            continue
        (controller, wanted), *more = spec["only_if"].items()
        control = fields.get(f"setting_{controller}")
        if more or control is None or key == MAX_ONLY_IF:
            continue  # shown always (the server still keeps it at its default when unmet)
        key += 1
        field.only_if_key = str(key)
        values = wanted if isinstance(wanted, (list, tuple)) else [wanted]
        for value in values:
            control.widget.reveals.setdefault(str(value), []).append(str(key))


def _slot_name(spec: dict[str, Any], i: int, part: str) -> str:
    return f"setting_{spec['name']}_{i}_{part}"


def _slot_fields(spec: dict[str, Any]) -> dict[str, forms.Field]:
    """Per slot: a select of the kinds (blank first) and a number, neither required."""
    ranges = list(spec.get("numbers", {}).values())
    lo = min((low for low, _ in ranges), default=None)
    hi = max((high for _, high in ranges), default=None)
    fields: dict[str, forms.Field] = {}
    for i in range(1, spec["slots"] + 1):
        fields[_slot_name(spec, i, "kind")] = forms.ChoiceField(
            label=f"Card {i}",
            choices=[BLANK_SLOT, *[(str(kind), text) for kind, text in spec["choices"]]],
            required=False,
            error_messages={"invalid_choice": "Choose one of the cards in the list."},
        )
        if ranges:
            fields[_slot_name(spec, i, "n")] = forms.IntegerField(
                label=f"N for card {i}",
                required=False,
                min_value=lo,
                max_value=hi,
                error_messages={
                    "invalid": "N must be a whole number.",
                    "min_value": f"N goes from {lo} to {hi}.",
                    "max_value": f"N goes from {lo} to {hi}.",
                },
            )
    return fields


def slot_summaries(game: Game, settings: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """Each slots setting that is filled in, as its label and the items in words
    ("Send your pawn to 37")."""
    summaries = []
    for spec in game.settings_fields():
        if spec.get("type") != "slots" or not settings.get(spec["name"]):
            continue
        texts = dict(spec["choices"])
        items = []
        for card in settings[spec["name"]]:
            text = texts.get(card["kind"], card["kind"])
            items.append(NUMBER_NAME.sub(str(card["n"]), text) if "n" in card else text)
        summaries.append((spec["label"], items))
    return summaries


class NewMatchForm(GameSettingsForm):
    """Settings for the game, and who else sits at the table (bots and/or classmates; a
    teacher's practice game: every setting, bots only)."""

    def __init__(
        self,
        *args,
        game: Game,
        fixed_settings: dict | None = None,
        teacher: bool = False,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.game = game
        self.fixed_settings = fixed_settings
        if fixed_settings is None:
            self.add_game_settings(game, teacher=teacher)
        bot_choices = [(name, bot.label) for name, bot in game.bots().items()]
        choices = [*OPPONENT_CHOICES[:1], *bot_choices]
        if not teacher:
            choices += OPPONENT_CHOICES[1:]
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
            raise forms.ValidationError("Choose at least one other player.")
        cleaned["others"] = others
        if self.fixed_settings is None:
            self._settings = self.clean_game_settings()
        return cleaned

    def game_settings(self) -> dict:
        """The settings to start with: the assignment's, or the ones chosen."""
        if self.fixed_settings is not None:
            return dict(self.fixed_settings)
        return dict(self._settings or {})


def _coerce(value: str):
    return int(value) if WHOLE_NUMBER.fullmatch(value) else value


class AssignmentForm(GameSettingsForm):
    """A game's settings, the goal, an optional due date and (optionally) some students.

    With `assignment`, the form edits it: its current values fill the fields, and its due
    date may stay as it is even once passed (a new date must not be in the past)."""

    goal = forms.ChoiceField(
        label="Goal", choices=[("finish", "Finish games"), ("win", "Win games")]
    )
    goal_count = forms.IntegerField(label="How many games", min_value=1, max_value=50, initial=3)
    due_date = forms.DateField(
        label="Due date (optional)",
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        error_messages={"invalid": "Enter a date like 2027-02-03, or leave it empty."},
    )
    students = forms.MultipleChoiceField(
        label="Students (leave all unticked for the whole class)",
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args, game: Game, classroom, assignment=None, **kwargs):
        if assignment is not None:
            kwargs.setdefault("initial", assignment_initial(game, assignment))
        super().__init__(*args, **kwargs)
        self.classroom = classroom
        self.assignment = assignment
        self.add_game_settings(game, teacher=True)
        self.fields["students"].choices = [(str(s.pk), s.name) for s in classroom.students.all()]
        self.fields["due_date"].widget.attrs["min"] = timezone.localdate().isoformat()

    def clean_due_date(self):
        due = self.cleaned_data["due_date"]
        kept = self.assignment is not None and due == self.assignment.due_date
        if due is not None and due < timezone.localdate() and not kept:
            raise forms.ValidationError(
                "That day has passed: choose today or a later day, or leave it empty."
            )
        return due

    def clean(self):
        cleaned = super().clean()
        self._settings = self.clean_game_settings()
        return cleaned

    def game_settings(self) -> dict:
        """The chosen settings (the slots as lists of cards, blanks left out)."""
        return dict(self._settings or {})

    def assignment_values(self) -> dict[str, Any]:
        """What the form chose, as assignment_create and assignment_update take it."""
        return {
            "settings": self.game_settings(),
            "goal": self.cleaned_data["goal"],
            "goal_count": self.cleaned_data["goal_count"],
            "due_date": self.cleaned_data["due_date"],
            "students": self.chosen_students(),
        }

    def chosen_students(self) -> list:
        ids = [int(pk) for pk in self.cleaned_data["students"]]
        return list(self.classroom.students.filter(pk__in=ids))


def assignment_initial(game: Game, assignment) -> dict[str, Any]:
    """An assignment's current values as the AssignmentForm's initial data."""
    initial: dict[str, Any] = {
        "goal": assignment.goal,
        "goal_count": assignment.goal_count,
        "due_date": assignment.due_date,
        "students": [str(student.pk) for student in assignment.students.all()],
    }
    settings = {**game.default_settings(), **assignment.settings}
    for spec in game.settings_fields():
        name = spec["name"]
        if spec.get("type") != "slots":
            initial[f"setting_{name}"] = str(settings[name])
            continue
        for i, card in enumerate(settings.get(name) or [], start=1):
            initial[_slot_name(spec, i, "kind")] = str(card["kind"])
            if "n" in card:
                initial[_slot_name(spec, i, "n")] = card["n"]
    return initial

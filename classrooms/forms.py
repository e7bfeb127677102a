"""Forms: they clean and check input; services do the writing."""

from django import forms
from django.contrib.auth import password_validation

from .models import CLASS_NAME_MAX, JOIN_CODE_LENGTH, Classroom, User
from .names import clean_name, name_problem


class TeacherSignupForm(forms.Form):
    name = forms.CharField(label="Your name", max_length=80)
    email = forms.EmailField(label="School email", max_length=150)
    password = forms.CharField(
        label="Password", widget=forms.PasswordInput(attrs={"autocomplete": "new-password"})
    )

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].lower()
        if User.objects.filter(username=email).exists():
            raise forms.ValidationError("There is already an account with this email. Sign in?")
        return email

    def clean(self):
        cleaned = super().clean()
        if password := cleaned.get("password"):
            probe = User(username=cleaned.get("email", ""), first_name=cleaned.get("name", ""))
            try:
                password_validation.validate_password(password, probe)
            except forms.ValidationError as error:
                self.add_error("password", error)
        return cleaned


class TeacherLoginForm(forms.Form):
    email = forms.EmailField(label="Email", max_length=150)
    password = forms.CharField(
        label="Password", widget=forms.PasswordInput(attrs={"autocomplete": "current-password"})
    )


class ClassroomForm(forms.Form):
    name = forms.CharField(label="Class name", max_length=CLASS_NAME_MAX)
    sign_in_method = forms.ChoiceField(
        label="How students sign in",
        choices=Classroom.SignInMethod.choices,
        initial=Classroom.SignInMethod.PICTURES,
        widget=forms.RadioSelect,
    )

    def clean_name(self) -> str:
        name = clean_name(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError("Give the class a name.")
        return name


class ClassSettingsForm(ClassroomForm):
    """A class's settings: its name and sign-in, and what its students may do."""

    allow_watching = forms.BooleanField(
        label="Classmates may watch each other's games",
        required=False,
        help_text=(
            "Students see the class's games being played in Class tables and may watch "
            "them. A watcher never sees anyone's cards and cannot play."
        ),
    )
    sounds = forms.BooleanField(
        label="Game sounds on",
        required=False,
        help_text=(
            "Short sounds for your turn, a good set, a mistake and a win. This is the class's "
            "default: each student can still switch sounds on or off for themselves."
        ),
    )


class StudentNameForm(forms.Form):
    """One student's name, checked against the rest of the class."""

    name = forms.CharField(
        label="Student name",
        error_messages={"required": "The name is empty."},
    )

    def __init__(self, *args, taken: list[str] = (), **kwargs):
        super().__init__(*args, **kwargs)
        self.taken = list(taken)

    def clean_name(self) -> str:
        name = clean_name(self.cleaned_data["name"])
        if problem := name_problem(name, self.taken):
            raise forms.ValidationError(problem)
        return name


class RosterUploadForm(forms.Form):
    file = forms.FileField(
        label="Class list (CSV file)",
        help_text="One student per row. A first row with the heading “name” is fine.",
    )


class RosterConfirmForm(forms.Form):
    """The previewed file, sent back as base64 and checked again before anything is saved."""

    data = forms.CharField(widget=forms.HiddenInput)


class JoinCodeForm(forms.Form):
    code = forms.CharField(
        label="Class code",
        max_length=20,
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )

    def clean_code(self) -> str:
        code = "".join(self.cleaned_data["code"].split()).upper()
        if len(code) != JOIN_CODE_LENGTH:
            raise forms.ValidationError(f"A class code has {JOIN_CODE_LENGTH} letters and numbers.")
        return code


class WordSecretForm(forms.Form):
    password = forms.CharField(
        label="Your password",
        max_length=40,
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "none", "spellcheck": "false"}
        ),
    )

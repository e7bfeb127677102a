"""Learning a game inside the app: How to play (for children), Learn to play (a guided
round), the full rules (for teachers), and teachers' practice games against bots."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from classrooms.access import query_id, teacher_required

from .. import services
from ..access import current_player, player_required
from ..engine import Game, all_games, get_game
from ..forms import NewMatchForm
from ..models import Match


def _game(slug: str) -> Game:
    try:
        return get_game(slug)
    except KeyError:
        raise Http404("No such game.") from None


def _back_match(request: HttpRequest) -> Match | None:
    """The game the reader came from (?match=N), to go back to: only one of their own.
    Anything but an id ("²", "-1", twenty digits) is no game to go back to."""
    pk = query_id(request.GET.get("match"))
    if pk is None:
        return None
    player = current_player(request)
    matches = Match.objects.filter(pk=pk)
    if request.user.is_student:
        return matches.filter(seats__student=player).first()
    return matches.filter(seats__teacher=player).first()


@require_GET
@player_required
def game_how(request: HttpRequest, slug: str) -> HttpResponse:
    """How to play, for children: the goal and short steps drawn with the game's pieces.

    From a board (htmx) only the steps come back, shown in a dialog over the game."""
    game = _game(slug)
    context = {
        "game": game,
        "how": game.how_to_play(),
        "stylesheet": game.stylesheet,
        "picture_template": f"games/{slug}/_picture.html",
        "back": _back_match(request),
    }
    template = "games/how.html#steps" if request.htmx else "games/how.html"
    return render(request, template, context)


@require_http_methods(["GET", "POST"])
@player_required
def game_learn(request: HttpRequest, slug: str) -> HttpResponse:
    """Learn to play: what the round is (GET), then a new guided round (POST). Never counted."""
    game = _game(slug)
    if request.method == "POST":
        match = services.learn_create(game=slug, player=current_player(request))
        return redirect("match_detail", pk=match.pk)
    script = game.learn_to_play()
    return render(request, "games/learn.html", {"game": game, "script": script})


@require_GET
@player_required
def game_rules(request: HttpRequest, slug: str) -> HttpResponse:
    """The full rules for teachers, with every setting and what it changes."""
    game = _game(slug)
    defaults = game.default_settings()
    settings = [
        {
            "label": spec["label"],
            "help": spec.get("help", ""),
            "teacher_only": spec.get("teacher_only", False),
            "choices": [text for _, text in spec.get("choices", [])],
            "default": dict((str(v), t) for v, t in spec.get("choices", [])).get(
                str(defaults.get(spec["name"]))
            ),
            "slots": spec.get("slots"),
        }
        for spec in game.settings_fields()
    ]
    context = {"game": game, "sections": game.rules_for_teachers(), "settings": settings}
    return render(request, "games/rules.html", context)


@require_GET
@teacher_required
def practice(request: HttpRequest) -> HttpResponse:
    """A teacher's own games: try any game against bots, see how a setting changes it, show
    it on a projector. Never counted for any student."""
    ongoing = Match.objects.filter(
        seats__teacher=request.user, seats__gave_up=False, status=Match.Status.PLAYING
    ).order_by("-last_move_at")[:10]
    return render(
        request,
        "games/practice.html",
        {"games": all_games(), "ongoing": [(m, get_game(m.game)) for m in ongoing]},
    )


@require_http_methods(["GET", "POST"])
@teacher_required
def practice_new(request: HttpRequest, slug: str) -> HttpResponse:
    """Choose any setting (a teacher's too) and the bots, then play."""
    game = _game(slug)
    form = NewMatchForm(request.POST if request.method == "POST" else None, game=game,
                        teacher=True)  # fmt: skip
    if request.method == "POST" and form.is_valid():
        seats = [services.seat_spec(request.user)]
        seats += [services.SeatSpec(bot=bot) for bot in form.cleaned_data["others"]]
        try:
            match = services.match_create(
                game=slug,
                settings=form.game_settings(),
                classroom=None,
                seats=seats,
                mode=Match.Mode.PRACTICE,
            )
        except services.MatchError as error:
            form.add_error(None, str(error))
        else:
            return redirect("match_detail", pk=match.pk)
    context = {"game": game, "form": form, "practice": True}
    return render(request, "games/new.html", context, status=422 if form.errors else 200)

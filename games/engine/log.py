"""The public log every game keeps for its board ("What happened"): sentences of text and
seats, each event marked with who made its move. One shape for every game (docs/rules.md,
"Who moved").

An event is {"kind": str, "parts": [part, ...], "by": ...}: a part is {"text": str}, or a seat
the board writes as a name, {"seat": int, "cap": bool} ("cap": the name starts a sentence, so
the board writes "You", else "you"), with "own": True for a possessive ("your", "Ana’s").
"""

from __future__ import annotations

from typing import Any

State = dict[str, Any]
Part = int | str | tuple[str, int]
# Who made a move, for its events: None, the player themself (or the clock); else the bot
# standing in for a seat's player: {"seat": 2, "bot": "Ace (easy bot)"}.
StandIn = dict[str, Any]
SENTENCE_ENDS = (". ", "! ", ": ")


def sentence(*parts: Part) -> list[dict[str, Any]]:
    """Parts of a sentence: text (str), a seat's name (int), or its possessive (("own", seat))."""
    out: list[dict[str, Any]] = []
    for part in parts:
        if isinstance(part, str):
            out.append({"text": part})
            continue
        opens = not out or out[-1].get("text", "").endswith(SENTENCE_ENDS)
        if isinstance(part, tuple):
            out.append({"seat": part[1], "cap": opens, "own": True})
        else:
            out.append({"seat": part, "cap": opens})
    return out


def log_event(state: State, kind: str, *parts: Part, size: int | None = None) -> None:
    """Add a public event to state["log"]; with `size`, only the last `size` are kept."""
    log = [*state["log"], {"kind": kind, "parts": sentence(*parts)}]
    state["log"] = log if size is None else log[-size:]


def mark_mover(state: State, stand_in: StandIn | None) -> State:
    """Write into each event the move just made added to the public log (state["log"], events
    as dicts) who made it, as "by" (StandIn or None). The platform calls this for every move
    it keeps, so only the new events lack "by"; an event is never marked again, so a
    stand-in that starts or ends later never relabels earlier moves (docs/rules.md, "Who
    moved"). A game without a public log is left as it is. Returns `state`, changed in place:
    the events are the new state's own (the move made them)."""
    for event in state.get("log", ()) if isinstance(state, dict) else ():
        if isinstance(event, dict) and "by" not in event:
            event["by"] = dict(stand_in) if stand_in else None
    return state

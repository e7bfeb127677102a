"""`python manage.py make_sounds`: write the game sounds in static/sounds/ (short, soft tones
made here, so no recording or licence is needed; run again after changing a note)."""

import math
import struct
import wave
from pathlib import Path

from django.core.management.base import BaseCommand

RATE = 22050
OUT = Path(__file__).resolve().parents[3] / "static" / "sounds"

# name -> notes as (frequency in Hz, seconds); 0 Hz is a rest.
SOUNDS = {
    "turn": [(660, 0.09), (880, 0.14)],  # a gentle "your turn" chime
    "good": [(523, 0.08), (659, 0.08), (784, 0.16)],  # a rising C-E-G
    "mistake": [(392, 0.12), (330, 0.2)],  # a soft falling "hmm", never harsh
    "win": [(523, 0.1), (659, 0.1), (784, 0.1), (0, 0.04), (1047, 0.32)],  # a little fanfare
}


def tone(freq: float, seconds: float, volume: float = 0.35) -> list[int]:
    """A sine note with a short fade in and out (no clicks)."""
    count = int(RATE * seconds)
    fade = min(count // 4, int(RATE * 0.015))
    samples = []
    for i in range(count):
        envelope = min(1.0, i / fade if fade else 1, (count - i) / fade if fade else 1)
        value = math.sin(2 * math.pi * freq * i / RATE) if freq else 0.0
        samples.append(int(32767 * volume * envelope * value))
    return samples


def write_sounds() -> list[str]:
    """Write every sound; a line about each."""
    OUT.mkdir(parents=True, exist_ok=True)
    lines = []
    for name, notes in SOUNDS.items():
        samples = [s for freq, seconds in notes for s in tone(freq, seconds)]
        with wave.open(str(OUT / f"{name}.wav"), "wb") as file:
            file.setnchannels(1)
            file.setsampwidth(2)
            file.setframerate(RATE)
            file.writeframes(struct.pack(f"<{len(samples)}h", *samples))
        size = (OUT / f"{name}.wav").stat().st_size
        lines.append(f"{name}.wav: {len(samples) / RATE:.2f} s, {size} bytes")
    return lines


class Command(BaseCommand):
    help = "Write the game sounds (your turn, a good set, a mistake, a win) in static/sounds/."

    def handle(self, *args, **options):
        for line in write_sounds():
            self.stdout.write(line)

"""Children's sign-in secrets: a picture password (3 of 12 pictures, in order) or a short word."""

import secrets

PICTURES: tuple[str, ...] = (
    "cat",
    "dog",
    "fish",
    "bird",
    "sun",
    "moon",
    "star",
    "tree",
    "apple",
    "car",
    "house",
    "ball",
)
PICTURE_COUNT = 3

# Short, easy-to-spell words children know; a word plus two digits makes the short password.
WORDS: tuple[str, ...] = (
    "apple", "bear", "bike", "boat", "cake", "corn", "duck", "frog", "goat", "hill",
    "kite", "lake", "leaf", "lion", "milk", "moon", "nest", "owl", "pear", "rain",
    "rock", "seal", "ship", "snow", "sock", "star", "tent", "tiger", "train", "wolf",
)  # fmt: skip


def new_picture_secret() -> str:
    """Three different pictures in a random order, as 'cat sun tree'."""
    pool = list(PICTURES)
    chosen = []
    for _ in range(PICTURE_COUNT):
        chosen.append(pool.pop(secrets.randbelow(len(pool))))
    return " ".join(chosen)


def new_word_secret() -> str:
    """A short password such as 'tiger47'."""
    return f"{secrets.choice(WORDS)}{secrets.randbelow(90) + 10}"


def normalize_word(text: str) -> str:
    """Children type passwords in any case and with stray spaces; both are forgiven."""
    return "".join(text.split()).lower()

#!/usr/bin/env python3
"""FSRS answers of the reference implementation, py-fsrs 6.3.2, for TermFit's scheduler tests.

    python3 Scripts/fsrs_vectors.py vectors > Tests/FlashcardsTests/Vectors/fsrs-6.3.2.json
    python3 Scripts/fsrs_vectors.py random SEED COUNT     # COUNT random cases, for the live check
    python3 Scripts/fsrs_vectors.py version               # the installed py-fsrs version

Each case is a scheduler (retention, maximum interval, steps; fuzz off) and a card's answers
(grade 1-4, seconds after the case's start); after each answer py-fsrs's card: its state, step,
stability, difficulty and due (seconds after the start). Needs `pip install fsrs==6.3.2`.
"""

import json
import random
import sys
from datetime import datetime, timedelta, timezone
from importlib.metadata import version

from fsrs import Card, Rating, Scheduler

START = datetime(2022, 11, 29, 12, 30, tzinfo=timezone.utc)
VERSION = "6.3.2"


def run(case):
    scheduler = Scheduler(
        desired_retention=case["retention"],
        maximum_interval=case["maximumInterval"],
        learning_steps=[timedelta(seconds=s) for s in case["learningSteps"]],
        relearning_steps=[timedelta(seconds=s) for s in case["relearningSteps"]],
        enable_fuzzing=False,
    )
    card = Card()
    expected = []
    for answer in case["answers"]:
        at = START + timedelta(seconds=answer["at"])
        card, _ = scheduler.review_card(card, Rating(answer["grade"]), at)
        expected.append(
            {
                "state": card.state.name.lower(),
                "step": card.step,
                "stability": card.stability,
                "difficulty": card.difficulty,
                "due": (card.due - START).total_seconds(),
            }
        )
    case["expected"] = expected
    return case


def case(name, grades, gaps=None, *, at_due=False, retention=0.9, maximum=36500, learning=(60, 600), relearning=(600,)):
    """Answers `grades` `gaps` seconds apart, or each when the card falls due (`at_due`)."""
    base = {
        "name": name,
        "retention": retention,
        "maximumInterval": maximum,
        "learningSteps": list(learning),
        "relearningSteps": list(relearning),
    }
    if at_due:
        # The time of each answer depends on the previous due date: run step by step.
        answers, at = [], 0.0
        for grade in grades:
            answers.append({"grade": grade, "at": at})
            at = run(dict(base, answers=list(answers)))["expected"][-1]["due"]
        base["answers"] = answers
    else:
        at, answers = 0.0, []
        for grade, gap in zip(grades, gaps):
            at += gap
            answers.append({"grade": grade, "at": at})
        base["answers"] = answers
    return run(base)


DAY = 86400.0


def reference_cases():
    """The sequences of py-fsrs's own tests (tests/test_basic.py) and the issue's."""
    return [
        case("test_review_card", [3, 3, 3, 3, 3, 3, 1, 1, 3, 3, 3, 3, 3], at_due=True),
        case("test_memo_state", [1, 3, 3, 3, 3, 3], [0, 0, DAY, 3 * DAY, 8 * DAY, 21 * DAY]),
        case("test_repeated_correct_reviews", [4] * 10, [0] + [1e-6] * 9),
        case("hard hard good good good, each when due", [2, 2, 3, 3, 3], at_due=True),
        case("same-day hard on a review card", [3, 3, 2, 2, 2], [0, 600, 3 * DAY, 300, 300]),
        case("retention 0.8, at most 30 days", [3, 3, 4, 4, 4, 4], at_due=True, retention=0.8, maximum=30),
        case("retention 0.97", [3, 3, 3, 3, 2, 1, 3], at_due=True, retention=0.97),
        case("one learning step, two relearning steps", [2, 3, 1, 2, 3, 3, 3], at_due=True, learning=(60,), relearning=(600, 3600)),
        case("no learning or relearning steps", [3, 1, 3, 2], at_due=True, learning=(), relearning=()),
    ]


def random_cases(seed, count):
    rng = random.Random(seed)
    cases = []
    for index in range(count):
        grades = [rng.choice([1, 2, 3, 3, 3, 4]) for _ in range(rng.randint(1, 14))]
        gaps = [0.0]
        for _ in grades[1:]:
            gaps.append(
                rng.choice(
                    [
                        float(rng.randint(1, 3600)),  # the same hour
                        float(rng.randint(3600, int(DAY) - 1)),  # the same day
                        DAY * rng.randint(1, 60) + rng.randint(0, 3600),  # days later
                        DAY * rng.randint(60, 900),  # months later
                    ]
                )
            )
        steps = rng.choice([((60, 600), (600,)), ((60,), (600,)), ((), ()), ((60, 600, 3600), (600, 1200))])
        cases.append(
            case(
                f"random {seed}-{index}",
                grades,
                gaps,
                retention=rng.choice([0.7, 0.8, 0.85, 0.9, 0.95, 0.99]),
                maximum=rng.choice([36500, 365, 30]),
                learning=steps[0],
                relearning=steps[1],
            )
        )
    return cases


def main():
    installed = version("fsrs")
    command = sys.argv[1] if len(sys.argv) > 1 else "vectors"
    if command == "version":
        print(installed)
        return
    if installed != VERSION:
        sys.exit(f"py-fsrs {VERSION} is needed, this is {installed}")
    if command == "random":
        cases = random_cases(int(sys.argv[2]), int(sys.argv[3]))
    else:
        cases = reference_cases() + random_cases(2026, 40)
    json.dump({"pyFSRS": VERSION, "start": START.timestamp(), "cases": cases}, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()

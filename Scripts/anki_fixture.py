#!/usr/bin/env python3
"""Anki's own exporters, for TermFit's package tests (`anki` from PyPI).

  anki_fixture.py make DIR      builds a collection (Basic, reversed, optional reversed, type-in,
                                Cloze with two deletions, HTML, media, tags, nested decks, a few
                                reviews) and writes, in DIR: current.apkg, legacy.apkg,
                                collection.colpkg, notes.txt (Anki's "Notes in Plain Text"),
                                counts.json (Anki's cards per note type and deck) and source.anki2.
  anki_fixture.py roundtrip DIR FILE [if-newer]
                                imports FILE (a TermFit export: .txt/.csv/.apkg) into a copy of
                                DIR/source.anki2 with Anki's importer, updating notes by guid
                                (a package's: always, or with if-newer only where the package's
                                note is newer, as Anki's default), and prints JSON: notes
                                before/after, notes whose fields, tags or note type changed, notes
                                whose mod changed, and the notes added.
  anki_fixture.py open FILE     opens FILE (.apkg) as Anki's importer does into a new collection and
                                prints JSON of its notes, cards, decks and tags.
  anki_fixture.py big DIR N     writes DIR/big.apkg and DIR/big.txt (the same notes as Anki's "Notes in
                                Plain Text"): N notes (Basic, every tenth reversed, every twentieth a
                                cloze) in ten nested decks, for `make bench`.
  anki_fixture.py custom DIR    builds a collection of note types Anki does not ship ("Vocab": two
                                templates, conditionals, text:, hint:, type:, {{Card}}, {{Type}};
                                "Cloze Plus": a cloze type of its own) and writes, in DIR:
                                custom.apkg, custom-legacy.apkg, custom.txt, custom.anki2 and
                                custom.json (each card's question and answer as Anki renders them,
                                by note guid and card ordinal, and Anki's cards per note type).
  anki_fixture.py special DIR   builds a note type whose templates show Anki's special fields ({{Tags}},
                                {{Deck}}, {{Subdeck}}, {{Type}}, {{Card}}, {{CardFlag}}), a <style> of
                                their own, CSS, text: and hint: filters, with notes in a nested and a
                                top-level deck, and writes special.apkg, special-legacy.apkg,
                                special.txt and special.json (as custom.json) in DIR.
  anki_fixture.py history DIR   answers cards with FSRS on (Anki's fuzz off, as in its own tests),
                                writes DIR/history.apkg and DIR/history-legacy.apkg with scheduling
                                (and DIR/history-plain.apkg without it) and prints JSON by note guid: each card's phase, due date, interval
                                and FSRS memory as Anki holds them.
Exit status 2 (with a reason on stderr) when `anki` cannot be imported.
"""
import json
import os
import shutil
import sys
import tempfile
import time

if len(sys.argv) > 1 and sys.argv[1] == "history":
    # Anki's scheduler leaves out its fuzz when this is set (as in its own tests).
    os.environ["ANKI_TEST_MODE"] = "1"

try:
    from anki.collection import Collection, ExportAnkiPackageOptions, ImportAnkiPackageRequest
    from anki.import_export_pb2 import ImportAnkiPackageOptions, CsvMetadata, ImportCsvRequest
except Exception as error:  # noqa: BLE001 - any failure means the package is not usable here
    print(f"the Python package `anki` is not available: {error}", file=sys.stderr)
    sys.exit(2)


def make(directory):
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, "source.anki2")
    for leftover in ("source.anki2", "source.media"):
        full = os.path.join(directory, leftover)
        if os.path.isdir(full):
            shutil.rmtree(full)
        elif os.path.exists(full):
            os.remove(full)
    col = Collection(path)
    french = col.decks.id("Lang::French")
    japanese = col.decks.id("Lang::Japanese")
    medical = col.decks.id("Medical")
    with open(os.path.join(col.media.dir(), "x.jpg"), "wb") as handle:
        handle.write(b"\xff\xd8\xff\xe0 not really a jpeg")
    with open(os.path.join(col.media.dir(), "a.mp3"), "wb") as handle:
        handle.write(b"ID3 not really an mp3")

    def add(notetype, fields, deck, tags):
        note = col.new_note(col.models.by_name(notetype))
        for name, value in fields.items():
            note[name] = value
        note.tags = tags
        col.add_note(note, deck)
        return note

    add("Basic", {"Front": "Hello <b>bold</b> &amp; more", "Back": "Bonjour"}, french, ["greeting", "fr"])
    add("Basic", {"Front": "Line1<br>Line2<div>Div line</div>", "Back": "x <img src=\"x.jpg\"> [sound:a.mp3]"},
        french, ["html"])
    add("Basic", {"Front": "<img src=\"x.jpg\" alt=\"a heart\">", "Back": "heart&nbsp;(心臓)"}, medical, ["image"])
    add("Basic (and reversed card)", {"Front": "ねこ", "Back": "cat"}, japanese, ["animal"])
    add("Basic (optional reversed card)", {"Front": "いぬ", "Back": "dog", "Add Reverse": "y"}, japanese, [])
    add("Basic (optional reversed card)", {"Front": "とり", "Back": "bird", "Add Reverse": ""}, japanese, [])
    add("Basic (type in the answer)", {"Front": "Capital of France?", "Back": "Paris"}, french, [])
    add("Cloze", {"Text": "The {{c1::heart}} pumps {{c2::blood::fluid}}.", "Back Extra": "<i>cardio</i>"},
        medical, ["cloze", "Medical::Anatomy"])
    # A few reviews of the first card, so packages with scheduling carry a review history.
    first = col.find_cards('"deck:Lang::French"')[0]
    for rating in (3, 3):
        card = col.get_card(first)
        card.start_timer()
        col.sched.answerCard(card, rating)
    counts = {}
    for cid in col.find_cards(""):
        card = col.get_card(cid)
        name = card.note().note_type()["name"]
        counts[name] = counts.get(name, 0) + 1
    decks = {}
    for cid in col.find_cards(""):
        card = col.get_card(cid)
        deck = col.decks.name(card.did)
        decks[deck] = decks.get(deck, 0) + 1
    json.dump({"notes": col.note_count(), "cards": col.card_count(), "byNotetype": counts, "byDeck": decks},
              open(os.path.join(directory, "counts.json"), "w"), indent=1, sort_keys=True)
    col.export_anki_package(out_path=os.path.join(directory, "current.apkg"),
                            options=ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=False,
                                                             with_media=True, legacy=False),
                            limit=None)
    col.export_anki_package(out_path=os.path.join(directory, "legacy.apkg"),
                            options=ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=False,
                                                             with_media=True, legacy=True),
                            limit=None)
    col.export_note_csv(out_path=os.path.join(directory, "notes.txt"), limit=None, with_html=True, with_tags=True,
                        with_deck=True, with_notetype=True, with_guid=True)
    col.close(downgrade=False)
    # The whole collection as a package: Anki closes the collection to write it.
    col = Collection(path)
    col.export_collection_package(os.path.join(directory, "collection.colpkg"), include_media=True, legacy=False)
    col.close(downgrade=False)


def big(directory, count):
    from anki.collection import AddNoteRequest
    os.makedirs(directory, exist_ok=True)
    work = tempfile.mkdtemp()
    col = Collection(os.path.join(work, "big.anki2"))
    decks = [col.decks.id(f"Big::Part {index}") for index in range(10)]
    types = {name: col.models.by_name(name) for name in ("Basic", "Basic (and reversed card)", "Cloze")}
    requests = []
    for index in range(count):
        if index % 20 == 0:
            note = col.new_note(types["Cloze"])
            note["Text"] = f"Item {index}: the {{{{c1::answer {index}}}}} of {{{{c2::question::hint}}}}"
        else:
            note = col.new_note(types["Basic (and reversed card)" if index % 10 == 0 else "Basic"])
            note["Front"] = f"Prompt <b>{index}</b> with some words of a typical card"
            note["Back"] = f"Answer {index}<br>with a second line and <i>emphasis</i>"
        note.tags = [f"tag{index % 7}"]
        requests.append(AddNoteRequest(note=note, deck_id=decks[index % 10]))
    col.add_notes(requests)
    col.export_anki_package(out_path=os.path.join(directory, "big.apkg"),
                            options=ExportAnkiPackageOptions(with_scheduling=False, with_deck_configs=False,
                                                             with_media=False, legacy=False),
                            limit=None)
    col.export_note_csv(out_path=os.path.join(directory, "big.txt"), limit=None, with_html=True, with_tags=True,
                        with_deck=True, with_notetype=True, with_guid=True)
    print(json.dumps({"notes": col.note_count(), "cards": col.card_count()}))
    col.close(downgrade=False)
    shutil.rmtree(work)


# The answers of the history fixture, by the note's front: 1 Again, 2 Hard, 3 Good, 4 Easy.
HISTORY = {
    "graduates": [3, 3],
    "forgot first": [1, 3, 3],
    "easy": [4],
    "hard first": [2, 3, 3],
    "one step": [3],
    "lapsed": [3, 3, 1],
    "many": [1, 1, 2, 3, 4],
    "relearned": [4, 1, 3],
    "never": [],
}


def history(directory):
    os.makedirs(directory, exist_ok=True)
    work = tempfile.mkdtemp()
    col = Collection(os.path.join(work, "history.anki2"))
    col.set_config("fsrs", True)
    deck = col.decks.id("Lang::History")
    basic = col.models.by_name("Basic")
    for front, ratings in HISTORY.items():
        note = col.new_note(basic)
        note["Front"] = front
        note["Back"] = "answer of " + front
        col.add_note(note, deck)
        cid = col.find_cards(f'"front:{front}"')[0]
        for rating in ratings:
            card = col.get_card(cid)
            card.start_timer()
            col.sched.answerCard(card, rating)
            time.sleep(0.002)
    cards = {}
    today = col.sched.today
    for cid in col.find_cards(""):
        card = col.get_card(cid)
        note = card.note()
        memory = card.memory_state
        cards[note.guid] = {
            "front": note["Front"], "type": card.type, "queue": card.queue, "ivl": card.ivl,
            # A review card is due on a day (days from today); a learning card at a moment.
            "dueInDays": card.due - today if card.type == 2 and card.queue == 2 else None,
            "dueAt": card.due if card.queue in (1, 3) else None,
            "stability": memory.stability if memory else None,
            "difficulty": memory.difficulty if memory else None,
            "reviews": col.db.scalar("select count() from revlog where cid = ?", cid),
        }
    for legacy, name in ((False, "history.apkg"), (True, "history-legacy.apkg")):
        col.export_anki_package(out_path=os.path.join(directory, name),
                                options=ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=True,
                                                                 with_media=False, legacy=legacy),
                                limit=None)
    col.export_anki_package(out_path=os.path.join(directory, "history-plain.apkg"),
                            options=ExportAnkiPackageOptions(with_scheduling=False, with_deck_configs=False,
                                                             with_media=False, legacy=False),
                            limit=None)
    print(json.dumps({"now": int(time.time()), "cards": cards}, ensure_ascii=False))
    col.close(downgrade=False)
    shutil.rmtree(work)


def custom(directory):
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, "custom.anki2")
    if os.path.exists(path):
        os.remove(path)
    col = Collection(path)
    models = col.models

    def notetype(name, fields, templates, cloze=False):
        model = models.new(name)
        if cloze:
            model["type"] = 1
        for field in fields:
            models.add_field(model, models.new_field(field))
        for template_name, front, back in templates:
            template = models.new_template(template_name)
            template["qfmt"] = front
            template["afmt"] = back
            models.add_template(model, template)
        models.add(model)
        return models.by_name(name)

    vocab = notetype("Vocab", ["Word", "Meaning", "Example", "Reading", "Hint"], [
        ("Recognition",
         "<div class=word>{{Word}}</div>{{#Reading}}<br>({{text:Reading}}){{/Reading}}{{hint:Hint}}",
         "{{FrontSide}}\n<hr id=answer>\n{{Meaning}}{{#Example}}<br><i>{{Example}}</i>{{/Example}}"
         "{{^Example}}<br>no example{{/Example}}"),
        ("Production", "{{#Example}}{{Meaning}}<br>{{type:Word}}{{/Example}}",
         "{{FrontSide}}<hr id=answer>{{type:Word}}<br>{{Card}} of {{Type}}"),
    ])
    cloze = notetype("Cloze Plus", ["Text", "Source"], [
        ("Cloze", "{{cloze:Text}}", "{{cloze:Text}}{{#Source}}<br>from {{Source}}{{/Source}}"),
    ], cloze=True)
    deck = col.decks.id("Custom::Words")

    def add(model, fields, tags):
        note = col.new_note(model)
        for name, value in fields.items():
            note[name] = value
        note.tags = tags
        col.add_note(note, deck)

    add(vocab, {"Word": "<b>chat</b>", "Meaning": "cat", "Example": "le chat dort", "Reading": "<b>ʃa</b>",
                "Hint": "animal"}, ["vocab"])
    add(vocab, {"Word": "chien", "Meaning": "dog"}, ["vocab"])
    add(cloze, {"Text": "{{c1::Paris}} is the capital of {{c2::France::country}}.", "Source": "atlas"}, [])
    cards = {}
    counts = {}
    for cid in col.find_cards(""):
        card = col.get_card(cid)
        note = card.note()
        name = note.note_type()["name"]
        counts[name] = counts.get(name, 0) + 1
        cards[f"{note.guid} {card.ord}"] = {"question": card.question(), "answer": card.answer()}
    json.dump({"cards": cards, "byNotetype": counts}, open(os.path.join(directory, "custom.json"), "w"),
              indent=1, sort_keys=True, ensure_ascii=False)
    for legacy, name in ((False, "custom.apkg"), (True, "custom-legacy.apkg")):
        col.export_anki_package(out_path=os.path.join(directory, name),
                                options=ExportAnkiPackageOptions(with_scheduling=False, with_deck_configs=False,
                                                                 with_media=False, legacy=legacy),
                                limit=None)
    col.export_note_csv(out_path=os.path.join(directory, "custom.txt"), limit=None, with_html=True, with_tags=True,
                        with_deck=True, with_notetype=True, with_guid=True)
    col.close(downgrade=False)


def special(directory):
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, "special.anki2")
    if os.path.exists(path):
        os.remove(path)
    col = Collection(path)
    models = col.models
    model = models.new("Special")
    for field in ("Front", "Back", "Note"):
        models.add_field(model, models.new_field(field))
    for name, front, back in (
            ("Forward", "<style>.tags { color: grey; }</style><div class=front>{{Front}}</div>"
             "<div class=tags>{{Tags}}</div>{{#Tags}}<br>tagged{{/Tags}}{{^Tags}}<br>untagged{{/Tags}}"
             "<br>in {{Deck}} ({{Subdeck}})<br><span class=\"{{CardFlag}}\">{{Type}}: {{Card}}</span>",
             "{{FrontSide}}<hr id=answer>{{Back}}<br>{{text:Note}}{{hint:Note}}"),
            ("Reverse", "{{Back}}<br>{{text:Front}} {{CardFlag}}",
             "{{FrontSide}}<hr id=answer>{{Front}}<br>{{Tags}} / {{Subdeck}}"),
    ):
        template = models.new_template(name)
        template["qfmt"] = front
        template["afmt"] = back
        models.add_template(model, template)
    model["css"] = ".card { font-family: serif; }\n.front { font-weight: bold; }"
    models.add(model)
    model = models.by_name("Special")
    nested = col.decks.id("Lang::French::Verbs")
    top = col.decks.id("Loose")

    def add(fields, tags, deck):
        note = col.new_note(model)
        for name, value in fields.items():
            note[name] = value
        note.tags = tags
        col.add_note(note, deck)

    add({"Front": "<b>être</b> &amp; avoir", "Back": "to be &lt;and&gt; to have",
         "Note": "irregular <!-- both --> <i>verbs</i> &amp;c."},
        ["Lang::French", "verbs", "irregular"], nested)
    add({"Front": "chien", "Back": "dog", "Note": ""}, [], top)
    cards = {}
    counts = {}
    for cid in col.find_cards(""):
        card = col.get_card(cid)
        note = card.note()
        counts[note.note_type()["name"]] = counts.get(note.note_type()["name"], 0) + 1
        cards[f"{note.guid} {card.ord}"] = {"question": card.question(), "answer": card.answer()}
    json.dump({"cards": cards, "byNotetype": counts}, open(os.path.join(directory, "special.json"), "w"),
              indent=1, sort_keys=True, ensure_ascii=False)
    for legacy, name in ((False, "special.apkg"), (True, "special-legacy.apkg")):
        col.export_anki_package(out_path=os.path.join(directory, name),
                                options=ExportAnkiPackageOptions(with_scheduling=False, with_deck_configs=False,
                                                                 with_media=False, legacy=legacy),
                                limit=None)
    col.export_note_csv(out_path=os.path.join(directory, "special.txt"), limit=None, with_html=True,
                        with_tags=True, with_deck=True, with_notetype=True, with_guid=True)
    col.close(downgrade=False)


def snapshot(col):
    notes = {}
    for nid in col.find_notes(""):
        note = col.get_note(nid)
        notes[note.guid] = {"fields": list(note.fields), "tags": sorted(note.tags),
                            "notetype": note.note_type()["name"], "mod": note.mod}
    return notes


def roundtrip(directory, export, condition="always"):
    work = tempfile.mkdtemp()
    path = os.path.join(work, "copy.anki2")
    shutil.copy(os.path.join(directory, "source.anki2"), path)
    col = Collection(path)
    before = snapshot(col)
    if export.endswith(".apkg"):
        from anki import import_export_pb2 as formats
        request = ImportAnkiPackageRequest(package_path=export, options=ImportAnkiPackageOptions(
            update_notes=formats.IMPORT_ANKI_PACKAGE_UPDATE_CONDITION_IF_NEWER if condition == "if-newer"
            else formats.IMPORT_ANKI_PACKAGE_UPDATE_CONDITION_ALWAYS,
            update_notetypes=formats.IMPORT_ANKI_PACKAGE_UPDATE_CONDITION_IF_NEWER, with_scheduling=False))
        col.import_anki_package(request)
    else:
        metadata = col.get_csv_metadata(path=export, delimiter=None)
        metadata.dupe_resolution = CsvMetadata.DupeResolution.UPDATE
        col.import_csv(ImportCsvRequest(path=export, metadata=metadata))
    after = snapshot(col)
    changed = sorted(guid for guid in before if guid in after and
                     {k: v for k, v in before[guid].items() if k != "mod"} !=
                     {k: v for k, v in after[guid].items() if k != "mod"})
    detail = {guid: {"before": before[guid], "after": after[guid]} for guid in changed}
    touched = sorted(guid for guid in before if guid in after and before[guid]["mod"] != after[guid]["mod"])
    added = {guid: after[guid] for guid in after if guid not in before}
    print(json.dumps({"notesBefore": len(before), "notesAfter": len(after), "changed": changed,
                      "detail": detail, "modChanged": touched, "added": added}, ensure_ascii=False))
    col.close(downgrade=False)
    shutil.rmtree(work)


def open_package(package):
    work = tempfile.mkdtemp()
    col = Collection(os.path.join(work, "new.anki2"))
    col.import_anki_package(ImportAnkiPackageRequest(package_path=package, options=ImportAnkiPackageOptions(
        with_scheduling=True)))
    notes = snapshot(col)
    decks = sorted(col.decks.name(col.get_card(cid).did) for cid in col.find_cards(""))
    revlog = col.db.scalar("select count() from revlog")
    notetypes = {model["name"]: {"fields": [field["name"] for field in model["flds"]],
                                 "templates": [[t["name"], t["qfmt"], t["afmt"]] for t in model["tmpls"]],
                                 "cloze": model["type"] == 1}
                 for model in col.models.all()}
    print(json.dumps({"notes": notes, "cards": col.card_count(), "decks": decks, "reviews": revlog,
                      "notetypes": notetypes}, ensure_ascii=False))
    col.close(downgrade=False)
    shutil.rmtree(work)


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "make" and len(sys.argv) == 3:
        make(sys.argv[2])
    elif command == "roundtrip" and len(sys.argv) in (4, 5):
        roundtrip(*sys.argv[2:])
    elif command == "big" and len(sys.argv) == 4:
        big(sys.argv[2], int(sys.argv[3]))
    elif command == "custom" and len(sys.argv) == 3:
        custom(sys.argv[2])
    elif command == "special" and len(sys.argv) == 3:
        special(sys.argv[2])
    elif command == "history" and len(sys.argv) == 3:
        history(sys.argv[2])
    elif command == "open" and len(sys.argv) == 3:
        open_package(sys.argv[2])
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(64)

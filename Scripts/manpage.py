#!/usr/bin/env python3
"""Writes TermFit's man page (man(7) roff) from the command's own definition.

It reads what `termfit --experimental-dump-help` prints (swift-argument-parser's description of
every command, option, flag and argument, as JSON), so the page cannot drift from `--help`.
swift-argument-parser's `generate-manual` plugin would do the same, but it builds the whole
package again in a release configuration of its own; this script needs only the built binary
and python3 (see docs/DECISIONS.md).

Usage: Scripts/manpage.py TERMFIT_BINARY > termfit.1
"""

import datetime
import json
import os
import subprocess
import sys


def escape(text):
    """Text for roff: backslashes and hyphens escaped, no line starting with a control character."""
    text = (text or "").replace("\\", "\\e").replace("-", "\\-")
    lines = []
    for line in text.splitlines():
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def paragraphs(text):
    """Each blank-line-separated paragraph of `text`, roff-escaped, as its own .PP block."""
    out = []
    for block in (text or "").strip().split("\n\n"):
        if block.strip():
            out.append(".PP\n" + escape(block.strip()))
    return out


def names(argument):
    spelled = []
    for name in argument.get("names") or []:
        prefix = {"long": "--", "short": "-", "longWithSingleDash": "-"}.get(name["kind"], "--")
        spelled.append(prefix + name["name"])
    return spelled


def synopsis_word(argument):
    value = argument.get("valueName") or "value"
    if argument["kind"] == "positional":
        word = "\\fI%s\\fR" % escape(value)
    else:
        preferred = argument.get("preferredName") or (argument.get("names") or [{}])[0]
        prefix = "-" if preferred.get("kind") == "short" else "--"
        word = "\\fB%s%s\\fR" % (escape(prefix), escape(preferred.get("name", "")))
        if argument["kind"] == "option":
            word += " \\fI%s\\fR" % escape(value)
    if argument.get("isRepeating"):
        word += " ..."
    if argument.get("isOptional"):
        word = "[" + word + "]"
    return word


def describe_arguments(arguments):
    out = []
    for argument in arguments:
        if not argument.get("shouldDisplay", True):
            continue
        if argument["kind"] == "positional":
            label = "\\fI%s\\fR" % escape(argument.get("valueName") or "value")
        else:
            spelled = ["\\fB%s\\fR" % escape(n) for n in names(argument)]
            label = ", ".join(spelled)
            if argument["kind"] == "option":
                label += " \\fI%s\\fR" % escape(argument.get("valueName") or "value")
        text = escape(argument.get("abstract") or "")
        if argument.get("allValues"):
            text += " (one of: %s)" % escape(", ".join(argument["allValues"]))
        if argument.get("defaultValue"):
            text += " (default: %s)" % escape(argument["defaultValue"])
        if argument.get("discussion"):
            discussion = argument["discussion"]
            if isinstance(discussion, dict):
                discussion = discussion.get("staticText") or ""
            text += "\n" + escape(str(discussion))
        out.append(".TP\n%s\n%s" % (label, text))
    return out


def command_section(command, path):
    out = []
    visible = [a for a in command.get("arguments") or [] if a.get("shouldDisplay", True)]
    out.append(".TP\n\\fB%s\\fR %s" % (escape(" ".join(path)), " ".join(synopsis_word(a) for a in visible)))
    out.append(escape(command.get("abstract") or ""))
    return out


def walk(command, path):
    yield command, path
    for sub in command.get("subcommands") or []:
        yield from walk(sub, path + [sub["commandName"]])


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[-1])
    dump = subprocess.run([sys.argv[1], "--experimental-dump-help"], check=True, capture_output=True, text=True)
    root = json.loads(dump.stdout)["command"]
    name = root["commandName"]
    version = subprocess.run([sys.argv[1], "--version"], capture_output=True, text=True).stdout.strip()
    # Reproducible: the date of the last commit when there is one (SOURCE_DATE_EPOCH), not today.
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "0") or 0)
    date = datetime.datetime.fromtimestamp(epoch, datetime.timezone.utc).strftime("%Y-%m-%d") if epoch else ""
    page = [
        '.TH "%s" "1" "%s" "%s %s" "User Commands"' % (name.upper(), date, escape(name), escape(version)),
        ".SH NAME",
        "%s \\- %s" % (escape(name), escape(root.get("abstract") or "")),
        ".SH SYNOPSIS",
    ]
    for command, path in walk(root, [name]):
        visible = [a for a in command.get("arguments") or [] if a.get("shouldDisplay", True)]
        page.append(".B %s\n%s\n.br" % (escape(" ".join(path)), " ".join(synopsis_word(a) for a in visible)))
    page.append(".SH DESCRIPTION")
    page += paragraphs(root.get("discussion") or root.get("abstract"))
    page.append(".SH OPTIONS")
    page += describe_arguments(root.get("arguments") or [])
    subcommands = list(walk(root, [name]))[1:]
    if subcommands:
        page.append(".SH COMMANDS")
        for command, path in subcommands:
            page.append(".SS %s" % escape(" ".join(path)))
            page.append(escape(command.get("abstract") or ""))
            page += paragraphs(command.get("discussion"))
            page += describe_arguments(command.get("arguments") or [])
    page += [
        ".SH FILES",
        ".TP",
        "\\fI$XDG_DATA_HOME/termfit/termfit.sqlite\\fR",
        "Every profile's workouts (by default under \\fI~/.local/share\\fR; \\fB\\-\\-data\\-dir\\fR or "
        "\\fBTERMFIT_DATA_DIR\\fR choose another directory).",
        ".SH SEE ALSO",
        "The README and docs/kiosk.md in TermFit's source.",
    ]
    print("\n".join(page))


if __name__ == "__main__":
    main()

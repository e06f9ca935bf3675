"""The pages of a served game, as HTML: the table view (``/``) and a seat's page (``/seat/SECRET``), drawn from the
table's one model (:func:`~referee.cli.table.view.table_view`), the room's SVG picture and the room's menus.

Every piece is drawn here, in Python, with every name, note and word escaped (:func:`html.escape`); the page's
script (``page.js``, served by the server itself, as its style sheet) only puts the pieces of each event in place
and sends a seat's actions. Nothing is fetched from anywhere else.
"""

from __future__ import annotations

from html import escape
from typing import Any

from referee.i18n import _

PIECES = ("status", "board", "seats", "turns")
"""The parts of a page each event redraws (the ids of their elements)."""


def words() -> dict[str, str]:
    """The page's own words, in the language now in use."""
    return {
        "players": _("Players"),
        "last_turns": _("Last turns"),
        "your_actions": _("Your actions"),
        "send": _("Send"),
        "typed": _("or type an action"),
        "undo": _("Take back my last action"),
        "waiting": _("Not your turn: the page follows the game."),
        "computer": _("computer"),
        "lost": _("Connection lost: reconnecting…"),
        "rule": _("rule"),
        "to_move": _("to move"),
    }


def pieces(view: dict[str, Any], svg: str, said: dict[str, str]) -> dict[str, str]:
    """The page's parts (see :data:`PIECES`) as HTML."""
    status = f'<p class="status{" over" if view["over"] else ""}">{escape(view["status"])}</p>'
    seats = "".join(
        f'<li class="{"mover" if seat["to_move"] else ""}"><span class="name">{escape(seat["name"])}</span>'
        + (f' <span class="tag">{escape(said["computer"])}</span>' if seat["computer"] else "")
        + (f' <span class="tag">{escape(said["to_move"])}</span>' if seat["to_move"] else "")
        + f' <span class="score">{escape(seat["status"])}</span></li>'
        for seat in view["seats"]
    )
    turns = ""
    for turn in reversed(view["turns"]):
        lines = "".join(
            f"<li><code>{escape(action['action'])}</code>"
            + "".join(f'<div class="said">{escape(line)}</div>' for line in action["said"])
            + "</li>"
            for action in turn["actions"]
        )
        who = escape(turn["player"] or "")
        tag = f' <span class="tag">{escape(said["computer"])}</span>' if turn["computer"] else ""
        turns += f'<li class="turn"><span class="name">{who}</span>{tag}<ol>{lines}</ol></li>'
    return {
        "status": status,
        "board": svg,
        "seats": f"<h2>{escape(said['players'])}</h2><ul>{seats}</ul>",
        "turns": f"<h2>{escape(said['last_turns'])}</h2><ol class='turns'>{turns}</ol>",
    }


def menu(groups: list[dict[str, Any]], can_undo: bool, said: dict[str, str]) -> str:
    """A seat's actions as large buttons, a group a kind of action (as the terminal's first menu groups them)."""
    if not groups:
        body = f'<p class="waiting">{escape(said["waiting"])}</p>'
    else:
        body = "".join(
            "<fieldset>"
            + (f"<legend>{escape(group['label'])}</legend>" if group["label"] else "")
            + "".join(
                f'<button type="button" class="act" data-action="{escape(action["action"])}">'
                f"{escape(action['label'])}</button>"
                for action in group["actions"]
            )
            + "</fieldset>"
            for group in groups
        )
    if can_undo:
        body += f'<button type="button" class="undo" data-undo="1">{escape(said["undo"])}</button>'
    return body


def page(
    *, title: str, language: str, events: str, data: dict[str, str], said: dict[str, str], seat: str | None = None
) -> str:
    """A whole page: the table, and for a seat its actions and typed line; ``events``: where its stream is."""
    parts = "".join(f'<section id="{name}">{data[name]}</section>' for name in PIECES)
    seat_part = ""
    if seat is not None:
        seat_part = (
            f'<section id="seat"><h2>{escape(said["your_actions"])} · {escape(seat)}</h2>'
            f'<div id="menu">{data.get("menu", "")}</div>'
            f'<form id="typed" autocomplete="off"><input name="action" aria-label="{escape(said["typed"])}" '
            f'placeholder="{escape(said["typed"])}" autocapitalize="none" spellcheck="false">'
            f'<button type="submit">{escape(said["send"])}</button></form>'
            '<p id="answer" role="status" aria-live="polite"></p></section>'
        )
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{escape(language)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title>"
        '<link rel="stylesheet" href="/page.css"></head>'
        f'<body data-events="{escape(events)}" data-lost="{escape(said["lost"])}" data-rule="{escape(said["rule"])}"'
        f' class="{"seat" if seat is not None else "table"}">'
        f'<header><h1>{escape(title)}</h1><p id="link" hidden>{escape(said["lost"])}</p></header>'
        f'<main>{parts}{seat_part}</main><script src="/page.js"></script></body></html>\n'
    )


STYLE = """
:root { color-scheme: light; --ink: #222; --muted: #666; --accent: #1d5fa8; --paper: #fbfaf6; }
* { box-sizing: border-box; }
body { margin: 0; font-family: system-ui, sans-serif; color: var(--ink); background: var(--paper);
  font-size: clamp(16px, 1.2vw + 10px, 28px); }
header { display: flex; align-items: baseline; gap: 1em; padding: .3em .8em; background: #efece3; }
h1 { font-size: 1.1em; margin: 0; }
h2 { font-size: .9em; margin: .6em 0 .3em; color: var(--muted); text-transform: uppercase; letter-spacing: .05em; }
#link { color: #a32; margin: 0; }
main { display: grid; gap: .4em .8em; padding: .4em .8em; grid-template-columns: 1fr;
  grid-template-areas: "status" "board" "seat" "seats" "turns"; }
@media (min-aspect-ratio: 4/3) and (min-width: 900px) {
  main { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    grid-template-rows: auto auto auto 1fr;
    grid-template-areas: "status status" "board seats" "board seat" "board turns"; align-items: start; }
}
#status { grid-area: status; } #board { grid-area: board; } #seats { grid-area: seats; }
#turns { grid-area: turns; } #seat { grid-area: seat; }
#board svg { width: 100%; height: auto; max-height: 80vh; display: block; }
.status { font-size: 1.15em; margin: .2em 0; } .status.over { color: #8a4b00; font-weight: bold; }
ul, ol { margin: 0; padding: 0; list-style: none; }
#seats li { padding: .25em .4em; border-radius: .3em; display: flex; gap: .5em; flex-wrap: wrap; }
#seats li.mover { background: #dfe9f7; font-weight: bold; }
.score { margin-left: auto; } .tag { font-size: .75em; color: var(--muted); border: 1px solid #bbb;
  border-radius: .3em; padding: 0 .3em; }
.turn { margin-bottom: .4em; } .turn ol { padding-left: 1em; } .said { color: var(--muted); font-size: .85em; }
code { font-size: 1em; }
fieldset { border: 1px solid #ccc; border-radius: .4em; margin: .3em 0; padding: .3em; }
legend { color: var(--muted); font-size: .85em; }
button { font: inherit; min-height: 2.6em; min-width: 3em; margin: .2em; padding: .3em .7em; border-radius: .4em;
  border: 1px solid var(--accent); background: #fff; color: var(--accent); cursor: pointer; }
button.act:hover, button.act:focus { background: var(--accent); color: #fff; }
button.undo { border-color: #a32; color: #a32; }
#typed { display: flex; gap: .3em; margin: .4em 0; } #typed input { flex: 1; font: inherit; padding: .3em; }
#answer { min-height: 1.3em; } #answer.refused { color: #a32; font-weight: bold; }
.waiting { color: var(--muted); }
"""

SCRIPT = """
"use strict";
(function () {
  const body = document.body;
  const lost = document.getElementById("link");
  const answer = document.getElementById("answer");
  const seatUrl = location.pathname.startsWith("/seat/") ? location.pathname.replace(/\\/$/, "") : null;
  let version = -1, run = null, stream = null, backoff = 500;
  function apply(data) {
    if (!data || data.html === undefined) return;
    if (data.run === run && data.version < version) return;  // (a slow read of view.json after a newer event)
    version = data.version; run = data.run;
    for (const [name, html] of Object.entries(data.html)) {
      const part = document.getElementById(name);
      if (part) part.innerHTML = html;
    }
    const menu = document.getElementById("menu");
    if (menu && data.menu !== undefined) menu.innerHTML = data.menu;
    body.dataset.version = String(version);
    body.dataset.actions = String(data.actions);
  }
  function refresh() {
    fetch((seatUrl || "") + "/view.json" + location.search, {cache: "no-store"})
      .then(r => r.ok ? r.json() : null).then(apply).catch(() => {});
  }
  function connect() {
    if (stream) stream.close();
    stream = new EventSource(body.dataset.events);
    stream.addEventListener("undo", e => apply(JSON.parse(e.data)));
    stream.onmessage = e => apply(JSON.parse(e.data));
    stream.onopen = () => { lost.hidden = true; backoff = 500; refresh(); };  // what was missed, then each change
    stream.onerror = () => {
      lost.hidden = false;
      if (stream.readyState === EventSource.CLOSED) {
        setTimeout(connect, backoff); backoff = Math.min(backoff * 2, 5000);
      }
    };
  }
  connect();
  setInterval(refresh, 10000);  // a safety net under the stream
  if (!seatUrl) return;
  function say(text, refused) { answer.textContent = text; answer.className = refused ? "refused" : ""; }
  function post(path, fields) {
    return fetch(seatUrl + path, {method: "POST", body: new URLSearchParams(fields),
      headers: {"Accept": "application/json"}})
      .then(r => r.json().then(doc => ({ok: r.ok, doc: doc})))
      .then(({ok, doc}) => {
        if (ok) { say("", false); refresh(); return true; }
        const error = doc.error || {};
        say(error.message + (error.rule ? " (" + body.dataset.rule + ": " + error.rule + ")" : ""), true);
        return false;
      })
      .catch(() => { say(lost.textContent, true); return false; });
  }
  document.getElementById("menu").addEventListener("click", e => {
    const button = e.target.closest("button");
    if (!button) return;
    if (button.dataset.undo) post("/undo", {});
    else if (button.dataset.action) post("/action", {action: button.dataset.action});
  });
  const typed = document.getElementById("typed");
  typed.addEventListener("submit", e => {
    e.preventDefault();
    const field = typed.elements.action;
    if (!field.value.trim()) return;
    post("/action", {action: field.value}).then(ok => { if (ok) field.value = ""; });
  });
})();
"""

"""The rulebook: every topic a Verdict may cite, and every ruling of the reference, visible by topic."""

from __future__ import annotations

from referee.builders import topic, topics

NAMES = {
    "setup",
    "actions",
    "start",
    "recruit",
    "reveal",
    "send",
    "complete",
    "machines",
    "coins",
    "buy",
    "end",
    "score",
    "bank",
}


def test_rulebook_has_every_topic_with_title_text_and_sources():
    assert set(topics()) >= NAMES
    for t in topics().values():
        assert t.name == t.name.lower() and t.title and t.text and t.sources
        assert "\n" not in t.text


def test_rulebook_rulings_start_with_ruling():
    for t in topics().values():
        for ruling in t.rulings:
            assert ruling.startswith("Ruling:"), (t.name, ruling)


def test_rulebook_holds_every_ruling_of_the_reference():
    assert "first seat" in " ".join(topic("setup").rulings)
    assert "deck is empty" in " ".join(topic("reveal").rulings)
    assert "receives what the bank still holds" in " ".join(topic("bank").rulings)
    assert "free actions left are lost" in " ".join(topic("actions").rulings)
    assert "taking 1 coin twice is allowed" in " ".join(topic("coins").rulings)
    assert "shared win" in " ".join(topic("score").rulings)


def test_rulebook_quotes_the_facts():
    assert "k-th worker sent to the same site in the same turn costs k actions" in topic("send").text
    assert "17 or more VP" in topic("end").text
    assert "10 écus" in topic("setup").text
    assert "0 coins but still costs actions" in topic("machines").text

from hypothesis import given
from hypothesis import strategies as st

from ingest.catalogue import CSV_SLUG, Integration, load_integrations, search_integrations


def _matches(integration: Integration, query: str) -> bool:
    needle = query.strip().casefold()
    texts = (integration.name, integration.slug, integration.info.symbol or "")
    return any(needle in text.casefold() for text in texts)


def test_empty_query_lists_everything_with_csv_last() -> None:
    assert search_integrations("") == load_integrations()
    assert search_integrations("   ")[-1].slug == CSV_SLUG


def test_matches_name_slug_and_symbol_case_insensitively() -> None:
    assert [i.slug for i in search_integrations("BiNaNcE US")] == ["binanceus", "binanceusdm", CSV_SLUG]
    assert "binance-smart-chain" in [i.slug for i in search_integrations("smart-chain")]
    by_symbol = [i.slug for i in search_integrations("eth") if i.category == "Blockchain"]
    assert by_symbol[:3] == ["ethereum", "base", "arbitrum-one"]
    assert "zksync-era" in by_symbol


def test_results_are_in_rank_order() -> None:
    slugs = [i.slug for i in search_integrations("coin")]
    assert slugs[:3] == ["coinbase", "bitcoin", "coinbase-wallet"]


def test_no_match_leaves_only_csv() -> None:
    assert [i.slug for i in search_integrations("no such integration")] == [CSV_SLUG]


def test_csv_is_listed_once_when_it_matches_itself() -> None:
    assert [i.slug for i in search_integrations("csv")] == [CSV_SLUG]


@given(st.text(max_size=8) | st.sampled_from(["bit", "ETH", "Wallet", "x", "k", "-", "."]))
def test_results_are_every_match_in_rank_order_then_csv(query: str) -> None:
    results = search_integrations(query)
    assert results[-1].slug == CSV_SLUG
    assert [i.slug for i in results].count(CSV_SLUG) == 1
    assert [i.sort_key() for i in results[:-1]] == sorted(i.sort_key() for i in results[:-1])
    expected = [i for i in load_integrations() if i.slug != CSV_SLUG and _matches(i, query)]
    assert results[:-1] == expected

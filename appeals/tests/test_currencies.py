"""The appeal fee's currency (3.12.2 "200美元（或组委会指定等值货币）"): money in ISO 4217 as amended to 2025.
What appeals/currencies.py says it leaves out (funds, precious metals, the testing codes) and the
codes withdrawn are refused; the codes added lately are taken."""

import pytest

from appeals.currencies import ISO_4217, is_currency


@pytest.mark.parametrize("code", ["USD", "CNY", "JPY", "EUR", "HKD", "ZWG", "XCG", "usd"])
def test_money_is_a_currency(code):
    assert is_currency(code)


@pytest.mark.parametrize("code", [
    "XAU", "XAG", "XPT", "XPD",  # precious metals
    "XTS", "XXX",  # the testing code and "no currency"
    "XDR", "XBA", "XSU", "XUA", "CLF", "BOV", "USN",  # funds and units of account
    "HRK", "SLL", "ZWL",  # withdrawn
    "", "US", "USDX", "RMB",
])
def test_what_is_not_money_or_no_longer_issued_is_refused(code):
    assert not is_currency(code)


def test_every_code_is_three_capital_letters():
    assert ISO_4217 and all(len(code) == 3 and code.isalpha() and code.isupper() for code in ISO_4217)

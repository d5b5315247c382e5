"""ISO 4217 currency codes in use: the money a fee is paid in (an appeal's, 3.12.2; an entry's).

Funds, precious metals and the testing codes (XAU, XTS, XXX, ...) are left out: a fee is paid in
money. The list follows ISO 4217 as amended to 2025 (ZWG, XCG included; HRK, SLL withdrawn).
"""

ISO_4217 = frozenset(
    """
    AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD
    CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD
    GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT
    LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR
    NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP
    STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XCG
    XOF XPF YER ZAR ZMW ZWG
    """.split()
)


def is_currency(code: str) -> bool:
    return (code or "").upper() in ISO_4217

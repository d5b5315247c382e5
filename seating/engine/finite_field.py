"""Small finite fields GF(p^k), just enough for the design constructions.

Elements are the integers 0..q-1, read as the base-p digits of a polynomial
over GF(p).  Multiplication uses log/antilog tables built from a primitive
polynomial found by brute force (q is at most a few hundred here).
"""

from functools import lru_cache


def prime_power(q):
    """(p, k) with q = p^k and p prime, or None."""
    if q < 2:
        return None
    p = next(d for d in range(2, q + 1) if q % d == 0)
    k = 0
    while q % p == 0:
        q //= p
        k += 1
    return (p, k) if q == 1 else None


class FiniteField:
    def __init__(self, q):
        found = prime_power(q)
        if found is None:
            raise ValueError(f"{q} is not a prime power")
        self.q = q
        self.p, self.k = found
        self._exp, self._log = self._tables()

    def add(self, a, b):
        if self.k == 1:
            return (a + b) % self.p
        if self.p == 2:
            return a ^ b
        result, place = 0, 1
        while a or b:
            result += ((a % self.p + b % self.p) % self.p) * place
            a //= self.p
            b //= self.p
            place *= self.p
        return result

    def mul(self, a, b):
        if a == 0 or b == 0:
            return 0
        return self._exp[(self._log[a] + self._log[b]) % (self.q - 1)]

    def _times_x(self, a, modulus_tail):
        """a * x reduced by x^k = -modulus_tail (digit lists, low first)."""
        digits = self._digits(a)
        top = digits[-1]
        shifted = [0] + digits[:-1]
        return self._number([(d - top * t) % self.p for d, t in zip(shifted, modulus_tail)])

    def _digits(self, a):
        return [(a // self.p ** i) % self.p for i in range(self.k)]

    def _number(self, digits):
        return sum(d * self.p ** i for i, d in enumerate(digits))

    def _tables(self):
        q = self.q
        for tail_code in range(q):
            tail = self._digits(tail_code)
            if tail[0] == 0:
                continue  # x would be a zero divisor
            exp = [1]
            element = 1
            for _ in range(q - 2):
                element = self._times_x(element, tail) if self.k > 1 else (element * tail_code) % self.p
                if element == 1:
                    break
                exp.append(element)
            if len(exp) == q - 1 and len(set(exp)) == q - 1:
                log = [0] * q
                for power, value in enumerate(exp):
                    log[value] = power
                return exp, log
        raise AssertionError(f"no primitive element found for GF({q})")


@lru_cache(maxsize=32)
def field(q):
    return FiniteField(q)

"""The engine's caches: every one listed in caches.CACHES, bounded, and emptied by cache_clear_all."""
import importlib
import pkgutil

import scoring.engine
from scoring.engine import cache_clear_all, evaluate
from scoring.engine.caches import CACHES
from scoring.engine_testing.generator import corpus


def _defined_caches() -> set:
    """Every function with an lru_cache that a module of the engine defines."""
    found = set()
    for info in pkgutil.iter_modules(scoring.engine.__path__):
        module = importlib.import_module(f"scoring.engine.{info.name}")
        for value in vars(module).values():
            if hasattr(value, "cache_info") and getattr(value, "__module__", None) == module.__name__:
                found.add(value)
    return found


def test_every_cache_is_listed_once_and_bounded():
    assert len(set(CACHES)) == len(CACHES)
    assert set(CACHES) == _defined_caches()
    assert all(cache.cache_info().maxsize for cache in CACHES)


def test_cleared_caches_give_the_same_answers():
    hands = corpus(17, 300)

    def answers():
        return [(e.total, [(h.fan.number, h.count, h.sets) for h in e.fans])
                for e in (evaluate(hand.notation, **hand.kwargs) for hand in hands)]

    cache_clear_all()
    assert all(cache.cache_info().currsize == 0 for cache in CACHES)
    cold = answers()
    assert any(cache.cache_info().currsize for cache in CACHES)
    assert answers() == cold   # warm
    cache_clear_all()
    assert answers() == cold

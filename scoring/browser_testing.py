"""What every app's Playwright tests share: the devices, and tapping tiles on the tile picker.

In scoring, the bottom app, because the tile picker is scoring's and every app may import scoring.
"""

PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
TABLET = {"viewport": {"width": 800, "height": 1280}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def tap(page, *tiles):
    """Tap the tile picker's buttons for `tiles` ("1m", "E", ...) in order."""
    for tile in tiles:
        page.locator(f'.tile-picker button[data-tile="{tile}"]').click()

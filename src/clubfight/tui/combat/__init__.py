"""Combat Club in the app: the fight screen and its model, setup, banners, start, help and replay."""

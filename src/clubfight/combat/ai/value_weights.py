"""The value model's weights (value.py), one per feature in ``FEATURES`` order.

Written by ``benchmarks/train_combat_value.py fit --write``; do not edit by hand.
"""

WEIGHTS = (
    0.0076,  # bias
    0.9646,  # score difference / 10
    0.8338,  # own score past 20 / 10
    -0.8502,  # other's score past 20 / 10
    0.7105,  # cards left difference / 10
    -1.0809,  # own cards left under 8 / 10
    1.0642,  # other's cards left under 8 / 10
    0.1113,  # stacks owned difference
    0.0880,  # own ring-out bases
    -0.0846,  # other's ring-out bases
    0.0486,  # own 10s off the grid
    -0.0549,  # other's 10s off the grid
    -0.0091,  # own neutral 10s
    0.0117,  # other's neutral 10s
    0.3916,  # attacks next
    0.8150,  # attacker's ring-out threat
    2.3494,  # attacker's knock-out reach
    0.4813,  # defender holds no counter card
)

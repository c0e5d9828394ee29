"""The value model's weights (``value.py``), fitted by Newton's method as ``benchmarks/train_value.py``
fits them: do not edit by hand.

Trained on the 517,764 positions of deals 3000001-3020000 at both levels (hint-like play, each
position labelled by two heuristic rollouts from blind resamples); no benchmark uses those seeds.
These were fitted in numpy while the model was designed; ``train_value.py fit`` on the same data
gives the same win weights to four decimals and the same estimates of cards left (the club
indicators add up to the clubs left, so those weights are unique only up to that sum).
"""

WIN_WEIGHTS = (
    -2.1224076636007845,
    -0.7777997526579242,
    2.707490794448906,
    -0.3199667978359368,
    -0.047253254868596044,
    -0.3454554399159885,
    -0.2861491352693503,
    -0.20949375129273803,
    -0.0795804481821875,
    0.07215617414482481,
    0.2837112960886594,
    1.2506179055022972,
    0.7665235081105448,
    0.37931859360722653,
    0.2399377986858177,
    0.19782088873721143,
    0.20375058134512794,
    0.2344493761325475,
    -0.31302361750706154,
    -0.10501816365825974,
    0.027550199605940715,
    1.1298603669380507,
    -1.430566867263186,
)
"""The logistic model of the heuristic's win chance, one weight per ``value.FEATURES``."""

LEFT_WEIGHTS = (
    2.059088749952971,
    0.6131574643332031,
    -1.8182583415101945,
    0.19114505489763794,
    0.08706462177364975,
    0.5336168266353883,
    0.47766273029820205,
    0.4129194212243274,
    0.29360665397291535,
    0.10197570880119686,
    -0.14056571963280687,
    -1.162079525943665,
    -0.8241869268255354,
    -0.42223172679118093,
    -0.3125288470586774,
    -0.26907223296416893,
    -0.24558954795949525,
    -0.2617851552667942,
    0.5530108800721691,
    -0.06389342526551786,
    0.9780918427041254,
    -6.423812661079531,
    3.388173289033094,
)
"""The least-squares model of the cards the heuristic leaves, one weight per ``value.FEATURES``."""

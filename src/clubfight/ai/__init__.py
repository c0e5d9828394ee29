from .solver import SolveResult, Verdict, solve

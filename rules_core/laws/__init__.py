"""One module per Law (or per group of Laws that the Law itself chains).

Each procedure mirrors the Law's own lettering; a comment tagged [R] or [P]
marks a 2017 branch whose exact wording was recalled or partly read (see
shared/laws-2017.md), kept and cited as the Law is understood.
"""

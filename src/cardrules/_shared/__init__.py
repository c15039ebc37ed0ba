"""What every game package builds on: trick, deal and action mechanics, validation checks, config
options, position text, the words of `describe` and the pictures of states and views. Private:
the games import these; users import the games."""

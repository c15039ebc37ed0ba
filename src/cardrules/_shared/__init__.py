"""What every game package builds on: trick, deal and action mechanics, validation checks, config
options, position text and the words of ``describe``. Private: the games import these; users
import the games."""

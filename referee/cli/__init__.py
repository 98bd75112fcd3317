"""The ``referee`` command line. Commands stay thin and import heavy things lazily."""

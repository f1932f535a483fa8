pytest_plugins = ["tests.fixtures"]

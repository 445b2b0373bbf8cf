# -*- Python -*-
# Runs every gtest binary built under test/unit (names ending in "Tests").
import lit.formats

config.name = "tileiras-unit"
config.suffixes = []
config.test_source_root = config.unit_test_dir
config.test_exec_root = config.unit_test_dir
config.test_format = lit.formats.GoogleTest(".", "Tests")

#!/usr/bin/env python3
"""Checks cmake/gtest_suites.cmake, which turns the test binary's suites into CTest tests.

A suite that no CTest test runs would pass unseen, so for the test binary given, with the unit
suites grouped (as in the sanitizer builds) and not (the release build): every suite that has
tests is named by exactly one CTest test's filter, each end-to-end suite (tests/) by a test of
its own named after it, and the unit suites, when grouped, by at most UNIT_GROUPS tests.

usage: gtest_suites_test.py TEST_EXECUTABLE SOURCE_DIR
"""
import json
import os
import re
import subprocess
import sys
import tempfile

ADD_TEST = re.compile(
    r"add_test\(\[==\[(?P<name>.*?)\]==\] \[==\[.*?\]==\] \[==\[--gtest_filter=(?P<filter>.*?)\]==\]")


def registered(executable, source_dir, groups, folder):
    out = os.path.join(folder, f"suites_{groups}.cmake")
    subprocess.run(
        ["cmake", f"-DTEST_EXECUTABLE={executable}", f"-DCTEST_FILE={out}",
         f"-DWORKING_DIRECTORY={folder}", "-DTIMEOUT=60", "-DENVIRONMENT=NOVELBIND_CHECK=1",
         f"-DUNIT_GROUPS={groups}", "-P", os.path.join(source_dir, "cmake", "gtest_suites.cmake")],
        check=True)
    with open(out + ".json", encoding="utf-8") as f:
        listing = json.load(f)
    with open(out, encoding="utf-8") as f:
        tests = [(m["name"], m["filter"].split(":")) for m in ADD_TEST.finditer(f.read())]
    return listing, tests


def check(executable, source_dir, groups, folder):
    listing, tests = registered(executable, source_dir, groups, folder)
    suites = {s["name"]: s for s in listing["testsuites"] if s["tests"] > 0}
    end_to_end = {name for name, s in suites.items()
                  if re.search(r"(^|[/\\])tests[/\\]", s["testsuite"][0].get("file", ""))}
    failures = []
    seen = {}
    for name, patterns in tests:
        for pattern in patterns:
            if not pattern.endswith(".*"):
                failures.append(f"{name}: filter {pattern!r} is not a whole suite")
                continue
            suite = pattern[:-2]
            if suite in seen:
                failures.append(f"suite {suite} run by both {seen[suite]} and {name}")
            seen[suite] = name
            if suite not in suites:
                failures.append(f"{name}: no suite {suite} with tests in the binary")
    for suite in suites:
        if suite not in seen:
            failures.append(f"suite {suite} is run by no CTest test")
        elif (suite in end_to_end or groups == 0) and seen[suite] != suite:
            failures.append(f"suite {suite} runs in {seen[suite]}, not in a test of its own")
    grouped = {name for name, _ in tests if name.startswith("unit_suites.")}
    if groups == 0 and grouped:
        failures.append(f"grouped tests without UNIT_GROUPS: {sorted(grouped)}")
    if groups > 0 and not 0 < len(grouped) <= groups:
        failures.append(f"{len(grouped)} unit groups for UNIT_GROUPS={groups}")
    if not end_to_end or len(end_to_end) == len(suites):
        failures.append("the listing should hold both end-to-end and unit suites")
    return failures, len(suites), len(tests)


def main():
    executable, source_dir = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        for groups in (0, 3):
            found, suites, tests = check(executable, source_dir, groups, folder)
            print(f"UNIT_GROUPS={groups}: {suites} suites in {tests} CTest tests"
                  f"{'' if found else ', each run once'}")
            failures += [f"UNIT_GROUPS={groups}: {f}" for f in found]
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

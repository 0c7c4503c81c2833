#!/usr/bin/env python3
"""Tests of scripts/make-truth (CTest `make_truth_script`): each one a small book and spec, and
the truth or the error that must come out."""
import importlib.machinery
import importlib.util
import json
import pathlib
import subprocess
import sys
import tempfile
import unittest

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "make-truth"
loader = importlib.machinery.SourceFileLoader("make_truth", str(SCRIPT))
mt = importlib.util.module_from_spec(importlib.util.spec_from_loader("make_truth", loader))
loader.exec_module(mt)


class Book:
    """A book written into a temporary folder: a file, or a folder of files."""

    def __init__(self, files):
        self.dir = tempfile.TemporaryDirectory()
        root = pathlib.Path(self.dir.name)
        for name, data in files.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(data)
        self.path = root / next(iter(files)).split("/")[0]


def truth_of(spec, files):
    book = Book(files)
    return mt.make_truth(spec, book.path)


class MakeTruthTest(unittest.TestCase):
    def test_headings_residue_neutral_and_story(self):
        text = ("书名\r\n\r\n第1章 开始\r\n　　他来了。\r\n2.第2章 后来\r\n(本章完)\r"
                "第2章 后来\n  她  走了。\n")
        truth, story, _ = truth_of({
            "skip": ["^书名$"], "chapters": {"heading": r"^第\d+章 \S+$"},
            "residue": {"toc_line": r"^\d+\.第\d+章"}, "neutral": {"end": "^（本章完）$"}},
            {"book.txt": text.encode("utf-8")})
        self.assertEqual(truth["chapters"], {"titles": ["第1章 开始", "第2章 后来"]})
        self.assertEqual(truth["ad_signatures"], {"toc_line": r"^\d+\.第\d+章"})
        self.assertEqual(truth["neutral_signatures"], {"end": "^（本章完）$"})
        self.assertEqual(story, ["他来了。", "她走了。"])

    def test_glued_heading_gives_its_title_and_a_story_paragraph(self):
        truth, story, _ = truth_of(
            {"chapters": {"heading": r"^(?P<n>\d+)(?P<title>\D{2,12}?)(?P=n)(?P<rest>.*)$"}},
            {"b.txt": "12麻烦12王老五推开门。\n他笑了。\n".encode()})
        self.assertEqual(truth["chapters"]["titles"], ["麻烦"])
        self.assertEqual(story, ["王老五推开门。", "他笑了。"])

    def test_encodings_are_found_or_named(self):
        for codec in ("gbk", "big5"):
            truth, story, _ = truth_of({"encoding": codec, "chapters": {"titles": ["第一回"]}},
                                       {"b.txt": "第一回\n說話。\n".encode(codec)})
            self.assertEqual(story, ["說話。"], codec)
        with self.assertRaisesRegex(mt.TruthError, "both GB18030 and Big5-HKSCS decode it"):
            truth_of({"chapters": {"titles": ["第一回"]}}, {"b.txt": "第一回\n".encode("big5")})
        truth, story, _ = truth_of({"chapters": {"titles": ["第一回"]}},
                                   {"b.txt": "第一回\n话。\n".encode("gb18030") + b"\x81\x30\x81\x30"})
        self.assertEqual(story, ["话。", "\x80"])  # four-byte GB18030: Big5-HKSCS cannot read it
        truth, story, _ = truth_of({"chapters": {"titles": ["第一回"]}},
                                   {"b.txt": b"\xef\xbb\xbf" + "第一回\n话。\n".encode()})
        self.assertEqual(story, ["话。"])
        with self.assertRaisesRegex(mt.TruthError, "not big5 at byte 0"):
            truth_of({"encoding": "big5", "chapters": {"titles": ["x"]}}, {"b.txt": b"\xff\xff"})

    def test_titles_from_file_names_in_natural_order(self):
        truth, story, _ = truth_of(
            {"chapters": {"from_file_names": r"^\d+\.(?P<title>.+)$"}},
            {"书/10.第10章 末.txt": "十。".encode(), "书/2.第2章 中.txt": "二。".encode(),
             "书/1.第1章 始.txt": b"\xef\xbb\xbf" + "一。".encode()})
        self.assertEqual(truth["chapters"]["titles"], ["第1章 始", "第2章 中", "第10章 末"])
        self.assertEqual(story, ["一。", "二。", "十。"])

    def test_blank_line_runs_count_chapters(self):
        text = "书名\n\n\n\n甲。\n\n乙。\n\n\n\n丙。\n\n\n\n\n丁。\n"
        truth, story, _ = truth_of({"skip": ["^书名$"], "chapters": {"blank_lines": 3}},
                                   {"b.txt": text.encode()})
        self.assertEqual(truth["chapters"], {"titles": ["", "", ""], "count_only": True})
        self.assertEqual(story, ["甲。", "乙。", "丙。", "丁。"])

    def test_front_matter_lines_keep_their_residue_kind(self):
        text = "目录\n卷一 甲\nwww.example.com\n\n卷一 甲\n文。\n"
        truth, story, hits = truth_of({"front_matter_lines": 4,
                                       "residue": {"site": r"example\.com"},
                                       "chapters": {"titles": ["卷一 甲"]}},
                                      {"b.txt": text.encode()})
        self.assertEqual(story, ["文。"])
        self.assertEqual(hits[("residue", "site")], 1)

    def test_volumes_and_uncertain(self):
        text = "第一卷 起\n第1章 甲\n文。\n乱码�段\n"
        truth, story, _ = truth_of({"chapters": {"heading": r"^第\d+章", "volume": "^第.卷"},
                                    "uncertain": ["�"]}, {"b.txt": text.encode()})
        self.assertEqual(truth["chapters"]["volumes"], ["第一卷 起"])
        self.assertEqual(truth["uncertain"], ["乱码�段"])
        self.assertEqual(story, ["文。"])

    def test_a_pattern_that_matches_no_line_is_an_error(self):
        with self.assertRaisesRegex(mt.TruthError, "match no line: residue.ad"):
            truth_of({"chapters": {"heading": "^第"}, "residue": {"ad": "nowhere"}},
                     {"b.txt": "第1章\n文。\n".encode()})

    def test_a_residue_pattern_that_matches_a_title_is_an_error(self):
        with self.assertRaisesRegex(mt.TruthError, "residue.ad matches the chapter title"):
            truth_of({"chapters": {"heading": "^第"}, "residue": {"ad": "章"}},
                     {"b.txt": "第1章\n文。\n章\n".encode()})

    def test_a_title_not_found_in_order_is_an_error(self):
        with self.assertRaisesRegex(mt.TruthError, "'第二章' .number 2 of the spec. not found"):
            truth_of({"chapters": {"titles": ["第一章", "第二章"]}},
                     {"b.txt": "第一章\n文。\n".encode()})

    def test_the_command_writes_measure_pys_files(self):
        book = Book({"b.txt": "第1章 甲\n　　文 字。\n".encode()})
        with tempfile.TemporaryDirectory() as out:
            spec = pathlib.Path(out) / "spec.toml"
            spec.write_text("[chapters]\nheading = '^第\\d+章'\n", encoding="utf-8")
            r = subprocess.run([sys.executable, str(SCRIPT), str(spec), str(book.path),
                                f"{out}/truth"], capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            truth = json.loads(pathlib.Path(f"{out}/truth/truth.json").read_text("utf-8"))
            self.assertEqual(truth["chapters"]["titles"], ["第1章 甲"])
            self.assertEqual(pathlib.Path(f"{out}/truth/story.txt").read_text("utf-8"), "文字。\n")
            spec.write_text("[chapters]\n", encoding="utf-8")
            r = subprocess.run([sys.executable, str(SCRIPT), str(spec), str(book.path),
                                f"{out}/truth"], capture_output=True, text=True)
            self.assertEqual(r.returncode, 1)
            self.assertIn("needs exactly one of heading, titles", r.stderr)


if __name__ == "__main__":
    unittest.main()

#!/usr/bin/env python3
"""Text preparation for bench/ci_bench.sh (the timing is done by the shell script).

  ci_bench_text.py novel CORPUS_DIR OUT_DIR [--chapters N] [--chars C] [--seed S]
      Writes OUT_DIR/book/0001.txt ... one file per chapter under a `第N章 title` heading,
      C characters of body text in all, made of the corpus novels' paragraphs shuffled with
      a fixed seed (the same book on every run and machine). Also writes
      OUT_DIR/extra/NNNN.txt, the chapter an author appends next, and
      OUT_DIR/extra/edited.txt + edited.name, a middle chapter with one paragraph rewritten,
      and OUT_DIR/extra/edit_marker.txt, a phrase that only the edited paragraph holds.
      Prints "chapters characters bytes" of the book.

  ci_bench_text.py markdown IN.txt OUT.md
      A plain-text novel as pandoc Markdown: `第N章 …` lines become `# ` headings, every
      other line a paragraph of its own (a blank line after it, indentation dropped so that
      it is not read as a code block, Markdown punctuation escaped).

  ci_bench_text.py epub BOOK.epub [PHRASE]
      Prints the number of XHTML documents in the EPUB and, with PHRASE, "yes" or "no":
      whether one of them holds it. The benchmark checks with it that a fast rebuild did
      rebuild (the appended chapter is there, the edit is in the book).
"""
import argparse
import pathlib
import random
import re
import sys
import zipfile

HEADING = re.compile(r"^\s*第[0-9０-９零〇一二三四五六七八九十百千万两]+[章回]")
# A sentence ends after 。！？ and any closing quotes or brackets that follow it.
SENTENCE = re.compile(r"[^。！？]*[。！？]+[”’」』）)]*|[^。！？]+$")
MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~^$@])")
INDENT = "\u3000\u3000"
EDIT_MARKER = "此段经作者重新修订"


def corpus_lines(corpus_dir):
    """The corpus novels' lines, headings apart from paragraphs."""
    headings, paragraphs = [], []
    for name in ("sanguo.txt", "hongloumeng.txt"):
        text = (corpus_dir / name).read_text(encoding="utf-8")
        for line in text.splitlines():
            line = line.strip(" \t\r\u3000")
            if not line:
                continue
            (headings if HEADING.match(line) else paragraphs).append(line)
    return headings, paragraphs


def web_paragraphs(lines, limit=160):
    """The classics' long paragraphs cut at sentence ends into web-novel-sized ones."""
    out = []
    for line in lines:
        current = ""
        for sentence in SENTENCE.findall(line):
            if current and len(current) + len(sentence) > limit:
                out.append(current)
                current = ""
            current += sentence
        if current:
            out.append(current)
    return out


class ParagraphStream:
    """An endless, deterministic stream of the paragraphs, reshuffled on every pass."""

    def __init__(self, paragraphs, rng):
        self.paragraphs = list(paragraphs)
        self.rng = rng
        self.queue = []

    def next(self):
        if not self.queue:
            self.queue = self.paragraphs[:]
            self.rng.shuffle(self.queue)
        return self.queue.pop()


def title_maker(headings, rng):
    """Titles like the corpus's couplets: a first half and a second half of two chapters."""
    firsts, seconds = [], []
    for h in headings:
        parts = HEADING.sub("", h).split()
        if len(parts) >= 2:
            firsts.append(parts[0])
            seconds.append(parts[-1])
    return lambda: rng.choice(firsts) + " " + rng.choice(seconds)


def chapter_text(number, title, paragraphs):
    return f"第{number}章 {title}\n" + "".join(INDENT + p + "\n" for p in paragraphs)


def fill(stream, target):
    body, chars = [], 0
    while chars < target:
        p = stream.next()
        body.append(p)
        chars += len(p)
    return body, chars


def novel(args):
    headings, lines = corpus_lines(pathlib.Path(args.corpus))
    rng = random.Random(args.seed)
    stream = ParagraphStream(web_paragraphs(lines), rng)
    title = title_maker(headings, rng)
    out = pathlib.Path(args.out)
    book, extra = out / "book", out / "extra"
    book.mkdir(parents=True)
    extra.mkdir(parents=True)
    width = max(4, len(str(args.chapters + 1)))
    total_chars = total_bytes = 0
    chapters = {}
    for n in range(1, args.chapters + 1):
        # Spread what is left evenly over the chapters left, so the book has C characters.
        target = (args.chars - total_chars) // (args.chapters - n + 1)
        body, chars = fill(stream, target)
        text = chapter_text(n, title(), body)
        data = text.encode("utf-8")
        (book / f"{n:0{width}d}.txt").write_bytes(data)
        total_chars += chars
        total_bytes += len(data)
        chapters[n] = (text, body)

    # The next chapter, as long as the others.
    n = args.chapters + 1
    body, _ = fill(stream, args.chars // args.chapters)
    (extra / f"{n:0{width}d}.txt").write_text(chapter_text(n, title(), body), encoding="utf-8")

    # A middle chapter with its middle paragraph rewritten: the sentences in another order
    # and one added, as an author revising a scene would.
    n = args.chapters // 2
    text, body = chapters[n]
    i = len(body) // 2
    sentences = SENTENCE.findall(body[i])
    rewritten = "".join(reversed(sentences)) + EDIT_MARKER + "。"
    heading = text.split("\n", 1)[0]
    edited = heading + "\n" + "".join(INDENT + p + "\n" for p in body[:i] + [rewritten] + body[i + 1:])
    (extra / "edited.txt").write_text(edited, encoding="utf-8")
    (extra / "edited.name").write_text(f"{n:0{width}d}.txt\n", encoding="utf-8")
    (extra / "edit_marker.txt").write_text(EDIT_MARKER + "\n", encoding="utf-8")
    print(args.chapters, total_chars, total_bytes)


def markdown(args):
    out = []
    text = pathlib.Path(args.input).read_text(encoding="utf-8")
    for line in text.splitlines():
        line = line.strip(" \t\r\u3000")
        if not line:
            continue
        if HEADING.match(line):
            out.append("# " + MARKDOWN_SPECIAL.sub(r"\\\1", line))
        else:
            out.append(MARKDOWN_SPECIAL.sub(r"\\\1", line))
    pathlib.Path(args.output).write_text("\n\n".join(out) + "\n", encoding="utf-8")


def one_line(args):
    """The corpus novels' text with every line break dropped, repeated to `bytes` bytes of
    UTF-8 on one line: a file that lost its line breaks. Prints characters and bytes."""
    corpus = pathlib.Path(args.corpus)
    text = "".join(
        line.strip(" \t\r\u3000")
        for name in ("sanguo.txt", "hongloumeng.txt")
        for line in (corpus / name).read_text(encoding="utf-8").splitlines())
    data = text.encode("utf-8")
    out = (data * (args.bytes // len(data) + 1))[:args.bytes]
    out = out.decode("utf-8", errors="ignore").encode("utf-8")  # whole characters only
    pathlib.Path(args.out).write_bytes(out)
    print(len(out.decode("utf-8")), len(out))


def epub(args):
    with zipfile.ZipFile(args.book) as book:
        documents = [n for n in book.namelist() if n.endswith(".xhtml")]
        words = [str(len(documents))]
        if args.phrase:
            phrase = args.phrase.encode("utf-8")
            words.append("yes" if any(phrase in book.read(n) for n in documents) else "no")
    print(" ".join(words))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("novel")
    p.add_argument("corpus")
    p.add_argument("out")
    p.add_argument("--chapters", type=int, default=3000)
    p.add_argument("--chars", type=int, default=10_000_000)
    p.add_argument("--seed", type=int, default=20240601)
    p.set_defaults(run=novel)
    p = sub.add_parser("markdown")
    p.add_argument("input")
    p.add_argument("output")
    p.set_defaults(run=markdown)
    p = sub.add_parser("oneline")
    p.add_argument("corpus")
    p.add_argument("out")
    p.add_argument("--bytes", type=int, default=50_000_000)
    p.set_defaults(run=one_line)
    p = sub.add_parser("epub")
    p.add_argument("book")
    p.add_argument("phrase", nargs="?")
    p.set_defaults(run=epub)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    sys.exit(main())

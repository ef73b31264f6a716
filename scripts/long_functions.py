#!/usr/bin/env python3
"""Lists the C++ functions whose body is longer than a limit (default 80 lines), longest first.

Usage: python3 scripts/long_functions.py [--limit N] FOLDER... (e.g. ui core)

A function is a '{' at namespace or class scope whose line, or one of the three before it,
reads as a signature (a ')' before the brace, not a control statement, an initialiser or a
lambda); its length runs from that line to the matching '}'. Comments, string and character
literals are blanked before braces are counted. A heuristic for a review, not a parser: a
function whose signature spans more than four lines is missed. Exits 0; the count goes to
stderr.
"""
import argparse
import os
import re
import sys

SIGNATURE = re.compile(r'\)\s*(const)?\s*(override)?\s*(noexcept)?\s*(->\s*[\w:<>]+\s*)?(:[^{]*)?\{')
SCOPE = re.compile(r'\b(namespace|class|struct)\b')
NOT_A_FUNCTION = (re.compile(r'\b(namespace|class|struct|enum)\b[^;{]*\{\s*$'),
                  re.compile(r'^\s*(if|for|while|switch|else|do)\b'),
                  re.compile(r'=\s*\{|\[.*\]\s*\(.*\)\s*(mutable)?\s*\{'))


def blank(line):
    line = re.sub(r'//.*', '', line)
    line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
    return re.sub(r"'(\\.|[^'\\])*'", "''", line)


def function_name(lines, i):
    for k in range(i, max(-1, i - 6), -1):
        m = re.search(r'([\w:~]+)\s*\(', lines[k])
        if m and not lines[k].startswith((' ', '\t')):
            return m.group(1)
    return '?'


def long_functions(path, limit):
    with open(path, encoding='utf-8', errors='replace') as f:
        lines = f.read().split('\n')
    found, depth, start, fdepth, scopes = [], 0, None, None, []
    for i, line in enumerate(lines):
        code = blank(line)
        for ch in code:
            if ch == '{':
                opens_function = False
                if start is None and (depth == 0 or all(scopes)):
                    sig = blank(' '.join(l.strip() for l in lines[max(0, i - 3):i + 1]))
                    opens_function = bool(SIGNATURE.search(sig)) and not any(
                        r.search(code) for r in NOT_A_FUNCTION)
                if opens_function:
                    start, fdepth, name = i, depth, function_name(lines, i)
                scopes.append(start is None and bool(SCOPE.search(code)))
                depth += 1
            elif ch == '}':
                depth -= 1
                if scopes:
                    scopes.pop()
                if start is not None and depth == fdepth:
                    if i - start + 1 > limit:
                        found.append((i - start + 1, path, start + 1, name))
                    start = None
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--limit', type=int, default=80)
    ap.add_argument('folders', nargs='+')
    args = ap.parse_args()
    found = []
    for root in args.folders:
        for d, _, files in os.walk(root):
            for f in sorted(files):
                if f.endswith(('.cpp', '.h')):
                    found += long_functions(os.path.join(d, f), args.limit)
    for n, path, line, name in sorted(found, reverse=True):
        print(f'{n:4d}  {path}:{line}  {name}')
    print(f'{len(found)} functions over {args.limit} lines', file=sys.stderr)


if __name__ == '__main__':
    main()

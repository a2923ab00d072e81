#!/usr/bin/env python3
"""Checks every relative Markdown link in the repository's *.md files (outside node_modules, target and .git): the file
it names exists and, for an anchor, a heading of that file produces it (GitHub's slug, -1, -2 … for repeats) or an
<a id|name> declares it. Links inside code blocks and code spans are not links. Prints each break; exit 1 if any.

    python3 platform/docs-links/check.py [repository root]
"""
import pathlib, re, sys, subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2] if len(sys.argv) < 2 else pathlib.Path(sys.argv[1]).resolve()
SKIP = {'node_modules', 'target', '.git', '.slotwise'}
LINK = re.compile(r'\]\(([^)\s]+)(?:\s+"[^"]*")?\)')
FENCE = re.compile(r'^\s*(```|~~~)')

def slug(heading):
    h = re.sub(r'<[^>]+>', '', heading.strip()).lower()
    h = re.sub(r'[^\w\- ]', '', h, flags=re.UNICODE)  # GitHub keeps letters, digits, _, -, spaces
    return h.replace(' ', '-')

def anchors(path):
    found, counts, fenced = set(), {}, False
    for line in path.read_text(encoding='utf-8').split('\n'):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        m = re.match(r'^#{1,6}\s+(.*?)\s*#*\s*$', line)
        if m:
            s = slug(re.sub(r'`', '', m.group(1)))
            n = counts.get(s, 0); counts[s] = n + 1
            found.add(s if n == 0 else f'{s}-{n}')
        found.update(re.findall(r'<a (?:id|name)="([^"]+)"', line))
    return found

def links(path):
    fenced = False
    for no, line in enumerate(path.read_text(encoding='utf-8').split('\n'), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            for m in LINK.finditer(re.sub(r'`[^`]*`', '', line)):
                yield no, m.group(1)

def main():
    breaks, checked = [], 0
    for md in sorted(ROOT.rglob('*.md')):
        if SKIP & set(md.relative_to(ROOT).parts):
            continue
        for no, target in links(md):
            if re.match(r'^[a-z][a-z0-9+.-]*:', target):  # http:, https:, mailto:
                continue
            checked += 1
            file, _, anchor = target.partition('#')
            dest = (md.parent / file).resolve() if file else md
            where = f'{md.relative_to(ROOT)}:{no}: {target}'
            if not dest.exists():
                breaks.append(f'{where}: no such file')
            elif anchor and (dest.is_dir() or dest.suffix != '.md' or anchor not in anchors(dest)):
                breaks.append(f'{where}: no heading makes #{anchor}')
    for b in breaks:
        print(b)
    print(f'{checked} relative links checked, {len(breaks)} broken')
    return 1 if breaks else 0

if __name__ == '__main__':
    sys.exit(main())

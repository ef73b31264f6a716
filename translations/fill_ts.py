#!/usr/bin/env python3
"""Fills translations/xqstudio_zh_CN.ts (from zh_CN_terms.py) and xqstudio_en.ts (source
text, plural forms for numerus messages) after `lupdate`, so neither file keeps an
"unfinished" entry. Exits 1 and lists the source texts that have no Chinese yet.

Usage: ninja -C BUILD_DIR xq_ui_lupdate && python3 translations/fill_ts.py
(the CMake lupdate target knows the include paths, so contexts get their namespace, e.g.
"xqui::PlayPage"; a bare `lupdate ui` run does not and its contexts would never match).
"""
import os
import sys
import xml.etree.ElementTree as ET

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from zh_CN_terms import ZH  # noqa: E402

EN_PLURALS = {'Loaded a game of %n move(s).': ('Loaded a game of %n move.', 'Loaded a game of %n moves.')}


def fill(path, lang):
    tree = ET.parse(path)
    missing = []
    for msg in tree.getroot().iter('message'):
        src = msg.find('source').text or ''
        tr = msg.find('translation')
        tr.attrib.pop('type', None)
        for child in list(tr):
            tr.remove(child)
        numerus = msg.get('numerus') == 'yes'
        if lang == 'zh_CN':
            if src not in ZH:
                missing.append(src)
                continue
            if numerus:  # Chinese has one plural form
                ET.SubElement(tr, 'numerusform').text = ZH[src]
                tr.text = None
            else:
                tr.text = ZH[src]
        else:
            if numerus:
                one, many = EN_PLURALS.get(src, (src, src))
                ET.SubElement(tr, 'numerusform').text = one
                ET.SubElement(tr, 'numerusform').text = many
                tr.text = None
            else:
                tr.text = src
    ET.indent(tree, space='    ')
    with open(path, 'wb') as f:
        f.write(b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
        tree.write(f, encoding='utf-8', xml_declaration=False)
        f.write(b'\n')
    return missing


missing = fill(os.path.join(here, 'xqstudio_zh_CN.ts'), 'zh_CN')
fill(os.path.join(here, 'xqstudio_en.ts'), 'en')
if missing:
    print('untranslated (add to zh_CN_terms.py):')
    for m in missing:
        print('  ', repr(m))
    sys.exit(1)
print('all messages translated')

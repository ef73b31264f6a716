#pragma once
// Which text is drawn on a piece, and with which font.
//
// The characters (Red 帅仕相马车炮兵, Black 将士象马车炮卒, river 楚河 汉界) need a CJK font.
// PieceGlyphs looks for an installed family that really contains every glyph
// (QFontMetrics::inFontUcs4, so a font that would fall back to boxes is skipped); when none
// has them it falls back to Latin letters K A E H R C P. Never tofu, never a crash.
//
// Thread-safety: GUI thread only (QFontDatabase). instance() is built on first use.

#include <QFont>
#include <QString>

#include "core/xiangqi/types.h"

namespace xqui {

class PieceGlyphs {
public:
    static const PieceGlyphs& instance();
    // For tests and for a font-less machine: forget the choice and look again, optionally
    // pretending no CJK font exists.
    static void reset(bool forceLatin = false);

    bool cjk() const { return cjk_; }
    QString family() const { return family_; }
    // The text for a piece: one CJK character, or a Latin letter in the fallback.
    QString text(xq::Piece p) const;
    // A font of the chosen family sized so that a glyph fills `pixelHeight`.
    QFont font(qreal pixelHeight, bool bold = true) const;
    // River words; Latin fallback when the font lacks them.
    QString riverLeft() const;
    QString riverRight() const;

private:
    PieceGlyphs(bool forceLatin);
    bool cjk_ = false;
    QString family_;
};

}  // namespace xqui

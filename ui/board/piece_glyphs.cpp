#include "ui/board/piece_glyphs.h"

#include <memory>

#include <QCoreApplication>
#include <QFontDatabase>
#include <QFontMetrics>
#include <QStringList>

namespace xqui {
namespace {

// Every character the board draws in the CJK style.
const QString kNeeded = QStringLiteral("帅仕相马车炮兵将士象卒楚河汉界一二三四五六七八九");

bool hasAll(const QString& family) {
    QFont f(family);
    f.setPixelSize(32);
    // Without this Qt would substitute another family for missing glyphs and the check
    // would prove nothing about `family` itself.
    f.setStyleStrategy(QFont::NoFontMerging);
    QFontMetrics fm(f);
    for (QChar ch : kNeeded)
        if (!fm.inFontUcs4(ch.unicode())) return false;
    return true;
}

std::unique_ptr<PieceGlyphs>& slot() {
    static std::unique_ptr<PieceGlyphs> s;
    return s;
}
bool& forced() {
    static bool f = qEnvironmentVariableIsSet("XQ_LATIN_PIECES");
    return f;
}

}  // namespace

PieceGlyphs::PieceGlyphs(bool forceLatin) {
    if (forceLatin) return;
    // Preferred looks first (serif/kai faces read like real pieces), then whatever the system
    // says can write Simplified Chinese.
    QStringList candidates = {QStringLiteral("Noto Serif CJK SC"), QStringLiteral("AR PL UKai CN"),
                              QStringLiteral("WenQuanYi Micro Hei"), QStringLiteral("Noto Sans CJK SC"),
                              QStringLiteral("Source Han Sans SC"), QStringLiteral("WenQuanYi Zen Hei"),
                              QStringLiteral("Droid Sans Fallback")};
    const QStringList all = QFontDatabase::families(QFontDatabase::SimplifiedChinese);
    const QStringList installed = QFontDatabase::families();
    for (const QString& f : all)
        if (!candidates.contains(f)) candidates << f;
    for (const QString& f : candidates) {
        if (!installed.contains(f) && !all.contains(f)) continue;
        if (hasAll(f)) {
            family_ = f;
            cjk_ = true;
            return;
        }
    }
}

const PieceGlyphs& PieceGlyphs::instance() {
    auto& s = slot();
    if (!s) s.reset(new PieceGlyphs(forced()));
    return *s;
}

void PieceGlyphs::reset(bool forceLatin) {
    forced() = forceLatin;
    slot().reset();
}

QString PieceGlyphs::text(xq::Piece p) const {
    static const char16_t* kRed = u"?帅仕相马车炮兵";
    static const char16_t* kBlack = u"?将士象马车炮卒";
    static const char* kLatin = "?KAEHRCP";
    const int t = xq::typeOf(p);
    if (p == xq::NoPiece || t == 0) return {};
    if (!cjk_) return QString(QChar(kLatin[t]));
    return QString(QChar(xq::colorOf(p) == xq::Red ? kRed[t] : kBlack[t]));
}

QFont PieceGlyphs::font(qreal pixelHeight, bool bold) const {
    QFont f = cjk_ ? QFont(family_) : QFont(QStringLiteral("DejaVu Serif"));
    if (!cjk_) f.setStyleHint(QFont::Serif);
    f.setPixelSize(qMax(1, qRound(pixelHeight)));
    f.setBold(bold);
    f.setStyleStrategy(QFont::PreferAntialias);
    return f;
}

QString PieceGlyphs::riverLeft() const {
    return cjk_ ? QStringLiteral("楚 河") : QCoreApplication::translate("Board", "Chu River");
}

QString PieceGlyphs::riverRight() const {
    return cjk_ ? QStringLiteral("汉 界") : QCoreApplication::translate("Board", "Han Border");
}

}  // namespace xqui

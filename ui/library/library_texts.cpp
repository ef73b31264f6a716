#include "ui/library/library_texts.h"

#include "core/engine/levels.h"

namespace xqui {

QString LibraryTexts::kind(xq::store::GameKind k) {
    switch (k) {
        case xq::store::GameKind::SelfPlay: return tr("Self-play");
        case xq::store::GameKind::Eval: return tr("Evaluation");
        case xq::store::GameKind::Play: return tr("Play");
        case xq::store::GameKind::Other: return tr("Other");
        case xq::store::GameKind::Imported: return tr("Imported");
    }
    return {};
}

QString LibraryTexts::result(xq::Result r) {
    switch (r) {
        case xq::Result::RedWins: return tr("Red wins");
        case xq::Result::BlackWins: return tr("Black wins");
        case xq::Result::Draw: return tr("Draw");
        case xq::Result::None: return tr("Unfinished");
    }
    return {};
}

QString LibraryTexts::reason(xq::Reason r) {
    switch (r) {
        case xq::Reason::Checkmate: return tr("checkmate");
        case xq::Reason::Stalemate: return tr("no legal move");
        case xq::Reason::PerpetualCheck: return tr("perpetual check");
        case xq::Reason::PerpetualChase: return tr("perpetual chase");
        case xq::Reason::Repetition: return tr("repetition");
        case xq::Reason::Rule60: return tr("60-move rule");
        case xq::Reason::Material: return tr("insufficient material");
        case xq::Reason::LengthCap: return tr("length limit");
        case xq::Reason::Resignation: return tr("resignation");
        case xq::Reason::Adjudication: return tr("adjudication");
        case xq::Reason::None: break;
    }
    return {};
}

QString LibraryTexts::player(const std::string& label) {
    if (label == "human") return tr("Human");
    const std::string prefix = "level:";
    if (label.rfind(prefix, 0) == 0) {
        if (auto l = xq::engine::parseLevel(label.substr(prefix.size()))) {
            static const char* const names[] = {QT_TR_NOOP("Random"), QT_TR_NOOP("Beginner"),
                                                QT_TR_NOOP("Amateur"), QT_TR_NOOP("Advanced")};
            return tr("Computer (%1)").arg(tr(names[int(*l)]));
        }
    }
    return QString::fromStdString(label);
}

}  // namespace xqui

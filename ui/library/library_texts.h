#pragma once
// Translated words for stored games: kind, result, reason and player labels. The store keeps
// codes ("selfplay", "1-0", "mate", "level:amateur"); these give the reader's language.
//
// Thread-safety: translation lookups; GUI thread.

#include <string>

#include <QCoreApplication>
#include <QString>

#include "core/store/records.h"

namespace xqui {

class LibraryTexts {
    Q_DECLARE_TR_FUNCTIONS(xqui::LibraryTexts)
public:
    static QString kind(xq::store::GameKind k);
    static QString result(xq::Result r);   // "Red wins", "Draw", ...
    static QString reason(xq::Reason r);
    // "human" -> "Human", "level:amateur" -> "Computer (Amateur)"; anything else as stored
    // ("gen:3@80", "random").
    static QString player(const std::string& label);
};

}  // namespace xqui

#pragma once
// Translated names and help for the training parameters. The core declares each parameter
// once (core/train/config.h) with an English help text and no Qt; this table gives each one
// a readable label and marks both for translation (lupdate cannot see the core's strings).
// A parameter missing here still shows, with its raw name and English help; the GUI test
// checks that the table covers params() and that the help texts still match the core's.
//
// Thread-safety: immutable data; translation lookups are safe on the GUI thread.

#include <QString>

#include "core/train/config.h"

namespace xqui {

QString paramLabel(const xq::train::ParamDecl& p);
QString paramHelp(const xq::train::ParamDecl& p);  // tooltip: help, range and flag name
QString paramGroupTitle(const QString& group);      // "selfplay" -> "Self-play"
QString presetTitle(const QString& preset);         // "quick" -> "Quick"
// The label of a choice of a parameter with named values ("gumbel" -> "Gumbel").
QString paramChoiceLabel(const char* choice);
// True when the studio has a label for the parameter (tests: every declared one needs one).
bool paramHasLabel(const xq::train::ParamDecl& p);

}  // namespace xqui

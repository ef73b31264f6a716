#include "ui/error_text.h"

#include <iterator>

#include <QCoreApplication>
#include <QDir>

#include "core/error.h"
#include "core/store/store_error.h"

namespace xqui {

namespace {

// Each code's sentence in two forms: with its subject (%1) and without one. The literal
// QT_TRANSLATE_NOOP calls are what lupdate reads (it does not expand a macro of ours).
struct Sentence {
    const char* withSubject;
    const char* withoutSubject;
};

// The sentence of a code that has none of its own: Internal, and Store (errorSummary() takes a
// store::StoreError's sentence from its StoreErrorCode instead).
constexpr Sentence kUnexpected = {
    QT_TRANSLATE_NOOP("xqui::ErrorText", "An unexpected error occurred."),
    QT_TRANSLATE_NOOP("xqui::ErrorText", "An unexpected error occurred.")};

struct CodeSentence {
    xq::ErrorCode code;
    Sentence sentence;
};

// One row per xq::ErrorCode, in the enum's order: sentenceFor() indexes it by code, and the
// static_asserts below make a new code fail to compile until it has its row here.
constexpr CodeSentence kErrorSentences[] = {
    {xq::ErrorCode::Internal, kUnexpected},
    {xq::ErrorCode::ModelUnreadable,
     {QT_TRANSLATE_NOOP("xqui::ErrorText", "The model file %1 cannot be read or written."),
      QT_TRANSLATE_NOOP("xqui::ErrorText", "A model file cannot be read or written.")}},
    {xq::ErrorCode::ModelNotAModel,
     {QT_TRANSLATE_NOOP("xqui::ErrorText", "%1 is not an XQZero model file."),
      QT_TRANSLATE_NOOP("xqui::ErrorText", "The file is not an XQZero model file.")}},
    {xq::ErrorCode::ModelNewerVersion,
     {QT_TRANSLATE_NOOP("xqui::ErrorText", "The model file %1 was written by a newer XQZero."),
      QT_TRANSLATE_NOOP("xqui::ErrorText", "The model file was written by a newer XQZero.")}},
    {xq::ErrorCode::ModelDamaged,
     {QT_TRANSLATE_NOOP("xqui::ErrorText", "The model file %1 is damaged."),
      QT_TRANSLATE_NOOP("xqui::ErrorText", "The model file is damaged.")}},
    {xq::ErrorCode::ModelMismatch,
     {QT_TRANSLATE_NOOP("xqui::ErrorText",
                        "The model file %1 holds a network of another size or input format."),
      QT_TRANSLATE_NOOP("xqui::ErrorText",
                        "The model file holds a network of another size or input format.")}},
    {xq::ErrorCode::RunExists,
     {QT_TRANSLATE_NOOP("xqui::ErrorText",
                        "A run named “%1” already exists: resume it or choose another name."),
      QT_TRANSLATE_NOOP("xqui::ErrorText",
                        "A run of that name already exists: resume it or choose another name.")}},
    {xq::ErrorCode::RunNotFound,
     {QT_TRANSLATE_NOOP("xqui::ErrorText", "There is no run named “%1” to resume."),
      QT_TRANSLATE_NOOP("xqui::ErrorText", "There is no run of that name to resume.")}},
    {xq::ErrorCode::RunNameInvalid,
     {QT_TRANSLATE_NOOP("xqui::ErrorText",
                        "“%1” cannot be a run name: use letters, digits, spaces, "
                        "'-', '_' and '.' (no '/' or '\\'), at most 60 "
                        "characters; a run stored under such a name can be "
                        "renamed with xqzero db rename-run."),
      QT_TRANSLATE_NOOP("xqui::ErrorText",
                        "That cannot be a run name: use letters, digits, spaces, "
                        "'-', '_' and '.' (no '/' or '\\'), at most 60 "
                        "characters.")}},
    {xq::ErrorCode::RunLeased,
     {QT_TRANSLATE_NOOP("xqui::ErrorText",
                        "The run “%1” is being trained by another process: "
                        "continue it when that one has stopped."),
      QT_TRANSLATE_NOOP("xqui::ErrorText",
                        "The run is being trained by another process: continue "
                        "it when that one has stopped.")}},
    {xq::ErrorCode::RunModelMissing,
     {QT_TRANSLATE_NOOP("xqui::ErrorText", "A model file of this run is missing: %1."),
      QT_TRANSLATE_NOOP("xqui::ErrorText", "A model file of this run is missing.")}},
    {xq::ErrorCode::FolderNotWritable,
     {QT_TRANSLATE_NOOP("xqui::ErrorText", "The model folder %1 cannot be written."),
      QT_TRANSLATE_NOOP("xqui::ErrorText", "The model folder cannot be written.")}},
    {xq::ErrorCode::FolderOutsideRoot,
     {QT_TRANSLATE_NOOP("xqui::ErrorText",
                        "The model folder %1 leads outside the database's model "
                        "folder; nothing was written, moved or deleted there."),
      QT_TRANSLATE_NOOP("xqui::ErrorText",
                        "The run's model folder leads outside the database's model "
                        "folder; nothing was written, moved or deleted there.")}},
    {xq::ErrorCode::DiskFull,
     {QT_TRANSLATE_NOOP(
          "xqui::ErrorText",
          "Not enough free space on the disk of %1 to keep the run's games and models."),
      QT_TRANSLATE_NOOP("xqui::ErrorText",
                        "Not enough free disk space to keep the run's games and models.")}},
    {xq::ErrorCode::NoCudaDevice,
     {QT_TRANSLATE_NOOP("xqui::ErrorText", "No CUDA device was found on this machine."),
      QT_TRANSLATE_NOOP("xqui::ErrorText", "No CUDA device was found on this machine.")}},
    {xq::ErrorCode::DistributedUnavailable,
     {QT_TRANSLATE_NOOP("xqui::ErrorText",
                        "This build cannot join the training ranks at %1: it "
                        "was built without Gloo."),
      QT_TRANSLATE_NOOP("xqui::ErrorText",
                        "This build cannot train on several ranks: it was built "
                        "without Gloo.")}},
    {xq::ErrorCode::DistributedFailed,
     {QT_TRANSLATE_NOOP("xqui::ErrorText",
                        "The training ranks could not work together through %1."),
      QT_TRANSLATE_NOOP("xqui::ErrorText", "The training ranks could not work together.")}},
    {xq::ErrorCode::EngineFailed,
     {QT_TRANSLATE_NOOP("xqui::ErrorText", "The engine %1 failed."),
      QT_TRANSLATE_NOOP("xqui::ErrorText", "An engine failed.")}},
    {xq::ErrorCode::GamesUnusable,
     {QT_TRANSLATE_NOOP("xqui::ErrorText", "The games %1 cannot start the run."),
      QT_TRANSLATE_NOOP("xqui::ErrorText", "The chosen games cannot start the run.")}},
    {xq::ErrorCode::Store, kUnexpected},
};

constexpr bool inCodeOrder() {
    for (int i = 0; i < int(std::size(kErrorSentences)); ++i)
        if (int(kErrorSentences[i].code) != i) return false;
    return true;
}
static_assert(std::size(kErrorSentences) == size_t(xq::kErrorCodeCount),
              "every xq::ErrorCode needs its row in kErrorSentences");
static_assert(inCodeOrder(), "kErrorSentences is in xq::ErrorCode order");

Sentence sentenceFor(xq::ErrorCode c) {
    const int i = int(c);
    return i < xq::kErrorCodeCount ? kErrorSentences[i].sentence : kUnexpected;
}

Sentence sentenceFor(xq::store::StoreErrorCode c) {
    using C = xq::store::StoreErrorCode;
    switch (c) {
        case C::Sqlite:
            return {
                QT_TRANSLATE_NOOP("xqui::ErrorText",
                                  "The database %1 could not be read or written."),
                QT_TRANSLATE_NOOP("xqui::ErrorText", "The database could not be read or written.")};
        case C::NotADatabase:
            return {
                QT_TRANSLATE_NOOP("xqui::ErrorText",
                                  "%1 is damaged or not a database; it was left untouched."),
                QT_TRANSLATE_NOOP("xqui::ErrorText",
                                  "The file is damaged or not a database; it was left untouched.")};
        case C::Corrupt:
            return {QT_TRANSLATE_NOOP("xqui::ErrorText", "The database %1 is damaged."),
                    QT_TRANSLATE_NOOP("xqui::ErrorText", "The database is damaged.")};
        case C::ForeignDatabase:
            return {QT_TRANSLATE_NOOP(
                        "xqui::ErrorText",
                        "%1 is a database of another application; it was left untouched."),
                    QT_TRANSLATE_NOOP(
                        "xqui::ErrorText",
                        "The file is a database of another application; it was left untouched.")};
        case C::NewerSchema:
            return {QT_TRANSLATE_NOOP(
                        "xqui::ErrorText",
                        "The database %1 was written by a newer XQZero; it was left untouched."),
                    QT_TRANSLATE_NOOP(
                        "xqui::ErrorText",
                        "The database was written by a newer XQZero; it was left untouched.")};
        case C::OlderSchema:
            return {QT_TRANSLATE_NOOP("xqui::ErrorText",
                                      "The database %1 comes from an older XQZero and was opened "
                                      "read-only, so it cannot be upgraded."),
                    QT_TRANSLATE_NOOP("xqui::ErrorText",
                                      "The database comes from an older XQZero and was opened "
                                      "read-only, so it cannot be upgraded.")};
        case C::Missing:
            return {QT_TRANSLATE_NOOP("xqui::ErrorText", "There is no database at %1."),
                    QT_TRANSLATE_NOOP("xqui::ErrorText", "The database does not exist.")};
        case C::Busy:
            return {
                QT_TRANSLATE_NOOP("xqui::ErrorText",
                                  "The database %1 is locked by another program."),
                QT_TRANSLATE_NOOP("xqui::ErrorText", "The database is locked by another program.")};
        case C::Constraint:
            return {QT_TRANSLATE_NOOP(
                        "xqui::ErrorText",
                        "The database %1 refused the change: the name or record already exists."),
                    QT_TRANSLATE_NOOP(
                        "xqui::ErrorText",
                        "The database refused the change: the name or record already exists.")};
        case C::InvalidArgument:
            return {QT_TRANSLATE_NOOP("xqui::ErrorText", "The record cannot be stored in %1."),
                    QT_TRANSLATE_NOOP("xqui::ErrorText", "The record cannot be stored.")};
        case C::NotFound:
            return {
                QT_TRANSLATE_NOOP("xqui::ErrorText", "The record was not found in %1."),
                QT_TRANSLATE_NOOP("xqui::ErrorText", "The record was not found in the database.")};
        case C::ReadOnly:
            return {
                QT_TRANSLATE_NOOP("xqui::ErrorText",
                                  "The database %1 cannot be written (a read-only file or disk)."),
                QT_TRANSLATE_NOOP("xqui::ErrorText",
                                  "The database cannot be written (a read-only file or disk).")};
        case C::DiskFull:
            return {
                QT_TRANSLATE_NOOP("xqui::ErrorText", "The disk holding the database %1 is full."),
                QT_TRANSLATE_NOOP("xqui::ErrorText", "The disk holding the database is full.")};
    }
    return {QT_TRANSLATE_NOOP("xqui::ErrorText", "An unexpected error occurred."),
            QT_TRANSLATE_NOOP("xqui::ErrorText", "An unexpected error occurred.")};
}

QString render(const Sentence& s, const std::string& subject) {
    if (subject.empty()) return QCoreApplication::translate("xqui::ErrorText", s.withoutSubject);
    return QCoreApplication::translate("xqui::ErrorText", s.withSubject)
        .arg(QDir::toNativeSeparators(QString::fromStdString(subject)));
}

}  // namespace

QString errorSummary(const std::exception& e) {
    if (const auto* se = dynamic_cast<const xq::store::StoreError*>(&e))
        return render(sentenceFor(se->code()), se->subject());
    if (const auto* xe = dynamic_cast<const xq::Error*>(&e))
        return render(sentenceFor(xe->code()), xe->subject());
    return QString::fromStdString(e.what());
}

QString errorText(const std::exception& e) {
    const QString summary = errorSummary(e);
    if (!dynamic_cast<const xq::Error*>(&e)) return summary;
    return QCoreApplication::translate("xqui::ErrorText", "%1\nDetails: %2")
        .arg(summary, QString::fromStdString(e.what()));
}

}  // namespace xqui

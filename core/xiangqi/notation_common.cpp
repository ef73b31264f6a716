#include "core/xiangqi/notation_common.h"

#include <cstdlib>
#include <vector>

namespace xq::notation_detail {

namespace {

const char* const kCountWords[] = {"no", "one", "two", "three", "four", "five"};

std::string countWord(int n) {
    return n >= 0 && n <= 5 ? kCountWords[n] : std::to_string(n);
}

std::string plural(PieceType t) {
    return std::string(pieceName(t)) + "s";
}

std::string sideName(Color c) {
    return c == Red ? "red" : "black";
}

// Where a piece of type `t` on `from` lands for (action, number); kNoSquare when the pair does
// not describe a move this kind of piece can make from there.
Square destination(Color c, PieceType t, int from, char action, int number) {
    const int f = fileOf(from), r = rankOf(from), fw = forwardSign(c);
    if (movesStraight(t)) {
        if (action == '.') {
            const int tf = boardFile(c, number);
            return tf == f ? kNoSquare : makeSquare(tf, r);
        }
        const int tr = r + (action == '+' ? fw : -fw) * number;
        return onBoard(f, tr) ? makeSquare(f, tr) : kNoSquare;
    }
    if (action == '.') return kNoSquare;
    const int tf = boardFile(c, number), df = std::abs(tf - f);
    int dr = 0;
    if (t == Horse)
        dr = df == 1 ? 2 : df == 2 ? 1 : 0;
    else if (t == Advisor)
        dr = df == 1 ? 1 : 0;
    else if (t == Elephant)
        dr = df == 2 ? 2 : 0;
    if (dr == 0) return kNoSquare;
    const int tr = r + (action == '+' ? fw : -fw) * dr;
    return onBoard(tf, tr) ? makeSquare(tf, tr) : kNoSquare;
}

// Side files (right to left from the mover's view) holding two or more of piece `p`.
int tandemFilesOf(const Position& pos, Piece p, int out[kFiles]) {
    int n = 0;
    for (int sf = 1; sf <= 9; ++sf) {
        Square sq[kRanks];
        if (piecesOnFile(pos, p, boardFile(colorOf(p), sf), sq) >= 2) out[n++] = sf;
    }
    return n;
}

// How to write pieces of kind `t` that share a file: "write R+ or R-", "write 前车 or 后车",
// "write 3+, 33, 3-, 7+ or 7-", "write 一兵 ... 四兵". `sf`/`n`: the file the text named and
// how many stand on it (0 when the text named none).
std::string tandemHint(const Position& pos, Notation style, Color c, PieceType t, int sf, int n) {
    int tandem[kFiles];
    const int nTandem = tandemFilesOf(pos, makePiece(c, t), tandem);
    int numbered = 0;  // pawns the Chinese ordinals count
    std::vector<std::string> forms;
    for (int i = 0; i < nTandem; ++i) {
        Square sq[kRanks];
        const int k = piecesOnFile(pos, makePiece(c, t), boardFile(c, tandem[i]), sq);
        numbered += k;
        const std::string d(1, char('0' + tandem[i]));
        forms.push_back(d + "+");
        if (k == 3) forms.push_back(d + d);
        forms.push_back(d + "-");
    }
    if (n == 0) {
        Square sq[kRanks];
        n = nTandem ? piecesOnFile(pos, makePiece(c, t), boardFile(c, tandem[0]), sq) : 0;
        sf = nTandem ? tandem[0] : 0;
    }
    std::vector<std::string> names;
    if (style == Notation::Chinese) {
        const std::string g = chineseGlyph(c, t);
        if (t == Pawn && (n >= 4 || nTandem > 1))
            return "write " + chineseOrdinal(1) + g + " ... " + chineseOrdinal(numbered) + g +
                   " (numbered from the right-hand file, each front to rear)";
        names = {"前" + g, "后" + g};
        if (n == 3) names.insert(names.begin() + 1, "中" + g);
    } else if (t == Pawn && nTandem > 1) {
        names = forms;
    } else {
        const std::string l(1, wxfLetter(t));
        if (n >= 4)
            names = {"++", l + "+", l + "-", "--"};
        else
            names = {l + "+", l + "-"};
        if (n == 5) names.insert(names.begin() + 2, l + std::to_string(sf));
        if (n == 3) names.insert(names.begin() + 1, l + std::to_string(sf));
    }
    std::string out = "write ";
    for (size_t i = 0; i < names.size(); ++i)
        out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
    return out;
}

MoveParse failure(std::string_view text, const std::string& why) {
    return MoveParse{Move(), quoted(text) + ": " + why};
}

// What resolve() reads from once the spec is known to name a piece: the mover's piece of the
// spec's type, how to name it in messages, and the files holding two or more of it.
struct Request {
    const Position& pos;
    const Spec& spec;
    Notation style;
    Color us;
    PieceType t;
    Piece p;
    std::string who;     // "red rook"
    int tandem[kFiles];  // side files, right to left; declared first so nTandem's
    int nTandem;         // initialiser may fill it

    Request(const Position& pos_, const Spec& spec_, Notation style_)
        : pos(pos_),
          spec(spec_),
          style(style_),
          us(pos_.sideToMove()),
          t(spec_.type),
          p(makePiece(us, t)),
          who(sideName(us) + " " + pieceName(t)),
          nTandem(tandemFilesOf(pos_, p, tandem)) {}
};

// The squares the spec may mean; legality decides among them.
struct Candidates {
    Square sq[kRanks];
    int n = 0;
};

// Pick::File: the piece on the named file. Several there are fine for advisors and elephants
// (legality tells them apart) and for an odd number of pawns (WXF: the middle one keeps its
// file number); otherwise the text is ambiguous. Returns why nothing fits, or "".
std::string pickOnFile(const Request& req, Candidates& out) {
    const Spec& spec = req.spec;
    if (spec.file < 1 || spec.file > 9) return "the file number must be 1 to 9";
    Square sq[kRanks];
    const int n = piecesOnFile(req.pos, req.p, boardFile(req.us, spec.file), sq);
    if (n == 0) return "no " + req.who + " on file " + std::to_string(spec.file);
    if (n == 1 || req.t == Advisor || req.t == Elephant) {
        for (int i = 0; i < n; ++i) out.sq[out.n++] = sq[i];
    } else if (req.t == Pawn && n % 2 == 1) {
        out.sq[out.n++] = sq[n / 2];
    } else {
        return "ambiguous: " + countWord(n) + " " + sideName(req.us) + " " + plural(req.t) +
               " on file " + std::to_string(spec.file) + ", " +
               tandemHint(req.pos, req.style, req.us, req.t, spec.file, n);
    }
    return {};
}

// Pick::Ordinal: numbered over the tandem files, right to left, each front to rear (xqbase);
// with a file written, over that file alone. Returns why nothing fits, or "".
std::string pickByOrdinal(const Request& req, Candidates& out) {
    const Spec& spec = req.spec;
    Square list[kSquareCount];
    int n = 0;
    if (spec.file) {
        n = piecesOnFile(req.pos, req.p, boardFile(req.us, spec.file), list);
    } else {
        for (int i = 0; i < req.nTandem; ++i)
            n += piecesOnFile(req.pos, req.p, boardFile(req.us, req.tandem[i]), list + n);
    }
    if (n == 0)
        return "no two " + sideName(req.us) + " " + plural(req.t) + " stand on one file, so " +
               "they are not numbered; name the file instead";
    if (spec.ordinal < 1 || spec.ordinal > n)
        return "there is no " + req.who + " number " + std::to_string(spec.ordinal) + ": only " +
               countWord(n) + " are numbered";
    out.sq[out.n++] = list[spec.ordinal - 1];
    return {};
}

// The side file a front/rear/middle pick refers to: the written one, else the only tandem
// file. Sets `sf`; returns why there is no such file, or "".
std::string tandemFileOf(const Request& req, int& sf) {
    sf = req.spec.file;
    if (sf) return {};
    if (req.nTandem == 0)
        return "no two " + sideName(req.us) + " " + plural(req.t) + " stand on one file";
    if (req.nTandem > 1) {
        std::string files;
        for (int i = 0; i < req.nTandem; ++i)
            files +=
                (i ? (i + 1 == req.nTandem ? " and " : ", ") : "") + std::to_string(req.tandem[i]);
        return "ambiguous: " + sideName(req.us) + " " + plural(req.t) +
               " stand two or more on files " + files + "; " +
               tandemHint(req.pos, req.style, req.us, req.t, 0, 0);
    }
    sf = req.tandem[0];
    return {};
}

// Pick::Front, Rear, WxfFront, WxfRear, Middle: one of the pieces on a tandem file, by place
// from the front. Returns why nothing fits, or "".
std::string pickFrontRear(const Request& req, Candidates& out) {
    int sf = 0;
    if (std::string why = tandemFileOf(req, sf); !why.empty()) return why;
    Square sq[kRanks];
    const int n = piecesOnFile(req.pos, req.p, boardFile(req.us, sf), sq);
    if (n < 2)
        return "front/rear needs two " + sideName(req.us) + " " + plural(req.t) + " on file " +
               std::to_string(sf) + ", there " + (n == 1 ? "is one" : "are none");
    int idx = 0;
    switch (req.spec.pick) {
        case Pick::Front:
            idx = 0;
            break;
        case Pick::Rear:
            idx = n - 1;
            break;
        case Pick::WxfFront:
            idx = n <= 3 ? 0 : 1;
            break;
        case Pick::WxfRear:
            idx = n <= 3 ? n - 1 : n - 2;
            break;
        default:  // Middle
            if (n % 2 == 0)
                return "no middle one: " + countWord(n) + " " + sideName(req.us) + " " +
                       plural(req.t) + " on file " + std::to_string(sf);
            idx = n / 2;
    }
    out.sq[out.n++] = sq[idx];
    return {};
}

// The one legal move of a candidate for the spec's action and number; otherwise the failure of
// `text` with why not (more than one, or none, and then whether one would have left the king
// in check).
MoveParse legalMoveOf(const Request& req, const Candidates& cands, std::string_view text) {
    const Spec& spec = req.spec;
    auto fail = [&](const std::string& why) { return failure(text, why); };
    Move found;
    int legal = 0;
    bool leavesCheck = false;
    MoveList pseudo;
    req.pos.pseudoMoves(pseudo);
    for (int i = 0; i < cands.n; ++i) {
        const Square to = destination(req.us, req.t, cands.sq[i], spec.action, spec.number);
        if (to == kNoSquare) continue;
        const Move m(cands.sq[i], to);
        if (req.pos.isLegal(m)) {
            found = m;
            ++legal;
        } else if (pseudo.contains(m)) {
            leavesCheck = true;
        }
    }
    if (legal == 1) return {found, {}};
    if (legal > 1) return fail("ambiguous: more than one " + req.who + " can make this move");
    const std::string piece = cands.n == 1
                                  ? "the " + req.who + " on " + squareName(cands.sq[0])
                                  : "neither " + req.who + " on file " + std::to_string(spec.file);
    const std::string can = cands.n == 1 ? " cannot" : " can";
    if (leavesCheck) return fail("illegal: " + piece + " would leave its own king in check");
    return fail("illegal: " + piece + can + " make this move here");
}

}  // namespace

const char* pieceName(PieceType t) {
    static const char* const names[] = {"piece", "king", "advisor", "elephant",
                                        "horse", "rook", "cannon",  "pawn"};
    return names[t & 7];
}

std::string quoted(std::string_view text) {
    std::string s;
    s.reserve(text.size() + 2);
    s += '\'';
    s.append(text);
    s += '\'';
    return s;
}

char wxfLetter(PieceType t) {
    return "?KAEHRCP"[t & 7];
}

std::string chineseGlyph(Color c, PieceType t) {
    static const char* const red[] = {"?", "帅", "仕", "相", "马", "车", "炮", "兵"};
    static const char* const black[] = {"?", "将", "士", "象", "马", "车", "炮", "卒"};
    return (c == Red ? red : black)[t & 7];
}

std::string chineseNumber(Color c, int n) {
    static const char* const red[] = {"零", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
    static const char* const black[] = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
    if (n < 0 || n > 9) return "?";
    return (c == Red ? red : black)[n];
}

std::string chineseOrdinal(int n) {
    return chineseNumber(Red, n);
}

int piecesOnFile(const Position& pos, Piece p, int file, Square out[kRanks]) {
    int n = 0;
    const bool red = colorOf(p) == Red;
    for (int i = 0; i < kRanks; ++i) {
        const int r = red ? kRanks - 1 - i : i;  // front first
        const Square sq = makeSquare(file, r);
        if (pos.piece(sq) == p) out[n++] = sq;
    }
    return n;
}

Identity identify(const Position& pos, Square from) {
    Identity id;
    const Piece p = pos.piece(from);
    id.color = colorOf(p);
    id.type = typeOf(p);
    id.file = sideFile(id.color, fileOf(from));
    if (id.type == King || id.type == Advisor || id.type == Elephant) return id;
    Square sq[kRanks];
    id.count = piecesOnFile(pos, p, fileOf(from), sq);
    for (int i = 0; i < id.count; ++i)
        if (sq[i] == from) id.index = i;
    int seen = 0;
    for (int sf = 1; sf <= 9; ++sf) {
        Square other[kRanks];
        const int k = piecesOnFile(pos, p, boardFile(id.color, sf), other);
        if (k < 2) continue;
        ++id.tandemFiles;
        if (sf == id.file) id.ordinal = seen + id.index;
        seen += k;
    }
    return id;
}

Tail tail(const Position& pos, Move m) {
    const Piece p = pos.piece(m.from());
    const Color c = colorOf(p);
    const int dr = (rankOf(m.to()) - rankOf(m.from())) * forwardSign(c);
    const int toFile = sideFile(c, fileOf(m.to()));
    if (dr == 0) return {'.', toFile};
    return {dr > 0 ? '+' : '-', movesStraight(typeOf(p)) ? std::abs(dr) : toFile};
}

MoveParse resolve(const Position& pos, const Spec& spec, std::string_view text, Notation style) {
    auto fail = [&](const std::string& why) { return failure(text, why); };
    if (spec.type == NoType) return fail("no piece named");
    if (spec.number < 1 || spec.number > 9) return fail("the last number must be 1 to 9");
    if (!movesStraight(spec.type) && spec.action == '.')
        return fail(std::string("a ") + pieceName(spec.type) + " never moves sideways");
    const Request req(pos, spec, style);
    Candidates cands;
    const std::string why = spec.pick == Pick::File      ? pickOnFile(req, cands)
                            : spec.pick == Pick::Ordinal ? pickByOrdinal(req, cands)
                                                         : pickFrontRear(req, cands);
    if (!why.empty()) return fail(why);
    return legalMoveOf(req, cands, text);
}

}  // namespace xq::notation_detail

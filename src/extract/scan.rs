//! One pass of one precompiled regex over a block's normalized text, giving the tokens every
//! extractor works from: URLs (to be ignored), `KEP-N`, `#N`, `owner/repo#N`, `@handle`,
//! `sig/x`, `--feature-gates=...`, ASCII identifiers, the Japanese words that carry meaning here
//! (フィーチャーゲート, アルファ, 削除されました, デフォルトで有効, フィールド, ...) and sentence ends.
//!
//! The alternation is ordered so that leftmost-first matching settles overlaps: a URL swallows
//! the `#fragment` and digits inside it, an identifier swallows a whole ASCII word (so `v1alpha1`
//! is never the stage word `alpha`, and `#1275b13` is one token that is then refused as a PR).
use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use crate::model::ids::{Release, Stage};

/// Every SIG of the Kubernetes community, as the `sig/x` and `SIG-X` forms may spell them.
pub(super) const SIG_NAMES: &str = r"api[\-\x20]?machinery|apps|arch(?:itecture)?|contribex|auth|autoscaling|cli|cloud[\-\x20]provider|cluster[\-\x20]lifecycle|contributor[\-\x20]experience|docs|etcd|instrumentation|k8s[\-\x20]infra|multicluster|network|node|release|scalability|scheduling|security|storage|testing|ui|windows";

/// client-go reads a gate's setting from the environment variable of its name with this
/// prefix (`KUBE_FEATURE_WatchListClient=true`).
pub(super) const GATE_ENV_PREFIX: &str = "KUBE_FEATURE_";

/// `長らくアルファでした`, `かつてはベータでした`: how long before the release (or once) the state
/// after the word held; [`TokenKind::Past`] words that qualify only the stage word right after.
pub(super) const HOW_LONG_WORDS: [&str; 5] = ["長らく", "長い間", "長年", "ずっと", "かつて"];

static MASTER: LazyLock<Regex> = LazyLock::new(|| {
    let how_long = HOW_LONG_WORDS.join(" | ");
    let pattern = format!(
        r"(?x)
        (?i:https?)://[!-~]+
        | (?i:(?:www\.)?github\.com|(?:kep|prs?|issues?|git)\.k8s\.io)/[!-~]+
        | --feature-gates[=\ ][\x22']?[A-Za-z0-9=,]+
        | KUBE_FEATURE_[A-Za-z0-9]+
        | (?i:generally[\ \-]available|locked\ to\ (?:true|enabled|on)|(?:enabled|disabled|on|off)\ by\ default|default[\ \-](?:on|off|enabled|disabled))(?-u:\b)
        | keps/sig-[a-z0-9\-]+/[0-9]+-[a-z0-9\-]+(?:/[A-Za-z0-9_.\-]+)*
        | (?i:keps?)(?:\ ?番号\ ?|\ ?(?i:no)\.\ ?)?(?:[\ \-_‐−–—ー(/]|:\ ?)?\#?[0-9]+
        | (?i:enhancements?)\#[0-9]+
        | [A-Za-z0-9_.\-]+/[A-Za-z0-9_.\-]+\#[0-9]+
        | (?:(?i:pull\ requests?|prs?|issues?)|プルリクエスト|プルリク|イシュー)\ ?(?:番号|(?i:no\.?|number))?\ ?:?\ ?[0-9]{{2,7}}(?-u:\b)
        | \#[0-9]+[A-Za-z0-9_]*
        | @[A-Za-z0-9][A-Za-z0-9\-]*
        | (?i:sig)(?:[/\-\ ]|\ ?:\ ?)(?i:{SIG_NAMES})
        | (?:v|(?i:kubernetes|k8s)\ ?v?|(?i:ver)\.\ ?v?)?1\.[0-9]{{1,2}}(?:\.[0-9]{{1,3}}(?:-(?:rc|alpha|beta)\.[0-9]+)?)?(?-u:\b)
        | (?i:deprecate)\ ?(?:され|し|済)
        | [A-Za-z][A-Za-z0-9]*
        | フィーチャーゲート | フィーチャーフラグ | 機能ゲート | ゲートウェイ | ゲート
        | アルファ | ベータ | ステーブル | 安定版 | 正式版 | 一般提供 | ジーエー
        | デプリケート
        | α | β
        | 非推奨 | 廃止予定 | (?:削除|廃止)(?:され|し)(?:ました|た) | (?:削除|廃止)されて(?:いました|いた|います|いる|おり|ます|る) | (?:削除|廃止)され
        | (?:削除|廃止)(?:と|に)な(?:りました|った) | 削除済 | 削除 | 廃止 | 利用できなくな | 使用できなくな
        | 使えなくな(?:りました|った) | なくな(?:りました|った|ってます|ってる|っています) | 消え(?:ました|た|て(?:いる|います|いた|おり|る|ます|た)|ちゃいました|ちゃった)
        | (?:取り除か|撤廃さ|除去さ|撤去さ)れ(?:ました|た)
        | マイルストーンから(?:削除|外)
        | 見送 | 延期 | 持ち越 | 撤回 | 取り下げ | リバート | 断念 | 諦め | あきらめ | 却下
        | (?:(?:になる|となる|される|する)こと)?(?:が|を|に)期待
        | (?:なる|される|昇格する|移行する)と
        | 目指 | 目標 | 予定(?:通り|どおり)? | 見込 | 計画 | 未定 | (?:まだ)?決まって(?:いません|いない|ない|ません)
        | に向け(?:て|た)\s*(?:の\s*)?(?:作業|準備|取り組|開発|議論|調整) | に向けて[、,] | (?:なっ|昇格し|移行し|にし)たら | なれば | でき(?:れば|たら)
        | [がも](?:提案|検討|議論)(?:されて(?:います|いる|おり)|中) | [がをは](?:かなり|とても|すごく|非常に|本当に|超)?楽しみ | 、\ ?楽しみ | が見えて(?:く|き) | 例外申請 | (?:なる|される|昇格する)までは | レビュー(?:中|待ち) | マージ待ち
        | (?:なっ|され|昇格し|移行し)て(?:から|も) | (?:なる|される|昇格する|移行する)まで | (?:なり|され|昇格し|移行し)次第 | したら
        | 待ち遠しい | 待ちたい | を待(?:ち|っ|つ) | 待ちです | 待ちの | 待ち\z
        | (?:実現し|昇格し|移行し|入っ|進ん|なっ)て(?:ほしい|欲しい) | (?:入れ|進め|にし)たい | (?:なり|され|昇格し|移行し)そう | 目前 | まだ先
        | 目論 | に昇格させたい | っぽい | と思われてい(?:た|ました) | はず(?:だった|でした)? | (?:なる|される|する)らしい | (?:なる|される|する|上がる)かもしれ(?:ません|ない)
        | るかもしれ(?:ません|ない) | (?:させる|する|とする)こと[がも](?:提案|検討|議論)されて(?:います|いる|おり)
        | (?:なっ|され|昇格し|移行し)た場合
        | {SPOKEN_PLANS}
        | (?:なる|される|昇格する|移行する)の?(?:でしょう)?か(?:どうか)? | (?:なり|され|昇格し|移行し)ます(?:でしょう)?か
        | 次(?:の|回の|期)リリース | 次回
        | 以前 | これまで | 従来 | {how_long}
        | 有効に | 無効に | 有効化 | 無効化 | ロックされ | をロック | (?:有効|無効)時 | 有効(?:な|の)場合
        | (?:(?:デフォルト|既定)(?:値)?|初期値)\s*(?:は|:|：)\s*(?:有効|無効|オン|オフ|true|false|(?:ON|OFF|On|Off)(?-u:\b))
        | デフォルト(?:で|では)?\ ?(?:有効|無効|オン|オフ|アクティブ|true|false|(?:ON|OFF|On|Off)(?-u:\b))
        | (?:既定|標準)(?:で|では)\ ?(?:有効|無効|オン|オフ|true|false|(?:ON|OFF|On|Off)(?-u:\b))
        | オプトイン(?:で|方式|機能|の機能|として)
        | デフォルトで(?:[^は]|$)
        | フィールド | 構造体 | コンディション | オブジェクト | リソース | コントローラー?
        | メトリクス | アドミッションプラグイン | プラグイン | モード | アクセスモード | ボリューム | 値
        | アノテーション | サブリソース | ラベル | プロバイダー?
        | [。!?！？\n] | \.(?:\s|$)
        "
    );
    // Every byte of every article goes through this one large pattern: a lazy DFA cache
    // bigger than the default 2 MiB is not cleared and rebuilt again and again.
    regex::RegexBuilder::new(&pattern)
        .dfa_size_limit(16 << 20)
        .build()
        .expect("the scanner regex compiles")
});

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TokenKind {
    Url,
    /// `--feature-gates=A=true,B=false`, client-go's `KUBE_FEATURE_WatchListClient`: a setting
    /// that names gates.
    Flag,
    /// `KEP-3157`, `KEP 3962`, `KEP番号: 4639`, `enhancements#127`; the number is parsed by the
    /// KEP extractor.
    Kep,
    /// `kubernetes/website#123`.
    RepoHash,
    /// `PR 125103`, `PR番号: 125102`, `Issue 123`, `プルリクエスト 128266`: a number its word says
    /// is a pull request or an issue (`issue`), written without `#`.
    Labelled {
        issue: bool,
    },
    /// `#128266` (or `#1275b13`, refused later).
    Hash,
    Handle,
    Sig,
    /// An ASCII word that is none of the words below.
    Ident,
    /// `FeatureGate`, `Feature Gate` (two tokens merged), `フィーチャーゲート`.
    GateKeyword,
    /// A stage word: `alpha`, `ベータ`, `GA`, `非推奨`, `削除されました`, ...
    StageWord(Stage),
    /// `admissionregistration.k8s.io/v1alpha1 API`: a stage for its own sentence only (an API
    /// version says nothing about the rest of the block).
    ApiVersion(Stage),
    /// A stage word the text denies (`非推奨ではありません`, `is not deprecated`): the sentence is
    /// about the stage of what it names, and states none.
    DeniedStage,
    /// `見送`, `延期`, `revert`: the sentence says the change did not happen.
    Negation,
    /// `目指しています`, `予定です`, `見込み`, `見込まれます`, `計画`, `aims to`, `is planned`, `expected`,
    /// `targeting`, and hopes and guesses (`待ち遠しい`, `なりそう`, `GA 目前`, `次のリリースで`,
    /// `is slated for`): the stage of its clause is a plan, not a fact of the release.
    Plan,
    /// `以前のバージョンでは`, `これまでは`, `従来は`, `previously`, `before v1.30`: what follows
    /// in the clause was so before, not in the release.
    Past,
    /// `will`: what follows, up to `and`/`but` or the clause's end, will happen, and is not
    /// what the release did (`deprecated and will be removed in v1.35`).
    Will,
    /// `v1.31`, `1.31`, `Kubernetes v1.31`: a release named in the text.
    Release(Release),
    /// `有効に`, `無効化`, `無効にロックされ`, `enable`: the sentence is about switching something
    /// on or off (or its gate being locked off).
    Enable,
    /// `デフォルトで有効` / `デフォルト無効`, `Some(true)` / `Some(false)`.
    Default(bool),
    /// `フィールド`, `field`, `構造体`, `アノテーション`, ...: the identifier before it is an API field,
    /// type or annotation.
    FieldWord,
    /// End of a sentence.
    SentenceEnd,
}

impl TokenKind {
    /// A plan, a hope, a denial or a postponement: what its sentence says of a stage is no stage
    /// reached.
    pub(crate) fn hopes_or_denies(self) -> bool {
        matches!(
            self,
            TokenKind::DeniedStage | TokenKind::Plan | TokenKind::Negation
        )
    }

    /// A reference to a KEP, a pull request or an issue, or a URL: what a citation holds.
    pub(crate) fn is_reference(self) -> bool {
        matches!(
            self,
            TokenKind::Kep
                | TokenKind::Hash
                | TokenKind::RepoHash
                | TokenKind::Labelled { .. }
                | TokenKind::Url
        )
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Token {
    pub kind: TokenKind,
    /// Byte range in the normalized block text.
    pub range: Range<usize>,
    /// Whether the token lies inside one plain range (prose, not code, not link text).
    pub plain: bool,
    /// The code span or link (`Doc::spans` index) the token lies in, when it is not plain: the
    /// author's link if there is one, else the code span.
    pub span: Option<usize>,
}

impl TokenKind {
    /// Whether the token says something of what the text names (a stage, a release, a plan, a
    /// denial, switching it on), rather than naming a thing or ending a sentence.
    pub(crate) fn states(self) -> bool {
        matches!(
            self,
            TokenKind::StageWord(_)
                | TokenKind::ApiVersion(_)
                | TokenKind::DeniedStage
                | TokenKind::Negation
                | TokenKind::Plan
                | TokenKind::Past
                | TokenKind::Will
                | TokenKind::Release(_)
                | TokenKind::Enable
                | TokenKind::Default(_)
        )
    }
}

impl Token {
    /// A token of kind `kind` at normalized `range` of plain prose, for a reference an extractor
    /// reads where the scanner makes no token (`2400` in `KEP-1287, 2400`).
    pub(crate) fn prose(kind: TokenKind, range: Range<usize>) -> Token {
        Token {
            kind,
            range,
            plain: true,
            span: None,
        }
    }

    /// Whether a reference here is a mention: prose, a code span or a link's text.
    pub(crate) fn mentionable(&self) -> bool {
        self.plain || self.span.is_some()
    }
}

/// A code span or link in normalized offsets: (range, `Doc::spans` index, is a link).
pub(super) type SpanRange = (Range<usize>, usize, bool);

/// Whether `ロックされ` at `at` says a feature gate was locked on: the gate's keyword, the last of
/// `tokens` with no sentence end after it, or a gate's name in a code span, is its subject, with
/// at most a word of time (`これで`, `ついに`), a release and `true に` between
/// (`フィーチャーゲートは v1.31 でロックされ`, `` `X` は true にロックされた ``,
/// `ゲートはこれでロックされました`; not `無効な状態で`, `非推奨となり、`,
/// `ゲートを有効にすると、Secret の内容が`, nor `ブロックされ` with no gate before it).
fn locks_a_gate_on(text: &str, tokens: &[Token], at: usize) -> bool {
    static SUBJECT: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^\s*(?:は|が|も)?[、,]?\s*(?:これで|今回|ついに|とうとう|既に|すでに|完全に)?[、,]?\s*(?:(?:kubernetes\s*)?v?1\.[0-9]{1,2}\s*(?:で|では|から|以降)?[、,]?\s*)?(?:(?:true|有効)\s*(?:に|で|な状態で)\s*)?(?:常に\s*)?$").unwrap()
    });
    // (`` `X` は true にロックされた ``: a gate's name in a code span is its subject as well.)
    let keyword = tokens
        .iter()
        .rev()
        .take_while(|t| t.kind != TokenKind::SentenceEnd)
        .find(|t| {
            t.kind == TokenKind::GateKeyword || (t.span.is_some() && names_a_kep_or_gate(text, t))
        });
    keyword.is_some_and(|k| {
        SUBJECT.is_match(
            &text[k.range.end..at]
                .trim_start_matches('`')
                .to_ascii_lowercase(),
        )
    })
}

/// A condition on the stage before it (`なると`, `なってから`, `なっても`, `なるまで`, `なり次第`, `したら`):
/// what follows comes when the stage does, unless the sentence narrates it ([`narrates`]).
fn is_a_condition(s: &str) -> bool {
    const BECOMES: [&str; 4] = ["なる", "される", "昇格する", "移行する"];
    const BECAME: [&str; 5] = ["なっ", "され", "昇格し", "移行し", "なり"];
    let of = |verbs: &[&str], ends: &[&str]| {
        verbs
            .iter()
            .any(|v| s.strip_prefix(v).is_some_and(|rest| ends.contains(&rest)))
    };
    s == "したら"
        || of(&BECOMES, &["と", "まで"])
        || of(&BECAME, &["てから", "ても", "次第", "た場合"])
}

/// A wish (`実現してほしい`, `入れたい`, `進めたい`).
fn is_a_wish(s: &str) -> bool {
    s.ends_with("ほしい")
        || s.ends_with("欲しい")
        || matches!(s, "入れたい" | "進めたい" | "にしたい")
}

/// `の非推奨化が提案されています`, `のベータ昇格も検討されている`, `の GA が議論中`: a move
/// proposed, of the stage right before (see `scan_until`), not made.
fn is_proposed(s: &str) -> bool {
    s.strip_prefix(['が', 'も'])
        .is_some_and(|rest| ["提案", "検討", "議論"].iter().any(|w| rest.starts_with(w)))
}

/// What may stand between a stage and [`is_a_spoken_plan`]'s verb: its particle.
static SPOKEN_GAP: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*(?:版)?(?:に|へ|が|は|も|として|で)?\s*(?:の)?\s*$").unwrap()
});

/// The spoken verbs of a stage's coming (上がる, 入る, 来る: `GA に上がったら`, `ベータに入ったら`,
/// `1.35 で GA に上がるかも`, `アルファとして入るらしい`, `GA が来るはず`, `ベータが来そう`, `GA に
/// 上がるのを待っています`, `GA になるのを待って`) and `ベータになるはずなので`: a condition, a guess, hearsay, an
/// expectation or a wait of the stage right before them (see `scan_until`), not a fact. One
/// alternative of the scanner's pattern, and read again whole by [`is_a_spoken_plan`].
const SPOKEN_PLANS: &str = "(?:上がっ|入っ|来)たら|(?:上が|入)れば|(?:上がる|入る|来る)(?:らしい|かも|はず|っぽい|のを待)|(?:上がり|入り|来)そう|(?:なる|される|昇格する|移行する)はず|(?:なる|昇格する|移行する)のを待";

/// Whether token `s` is one of [`SPOKEN_PLANS`].
fn is_a_spoken_plan(s: &str) -> bool {
    static SPOKEN: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(&format!("^(?:{SPOKEN_PLANS})$")).unwrap());
    SPOKEN.is_match(s)
}

/// Waiting for the stage right before (`GA を待ちます`, `GA 待ちです`, `GA を待つのが無難`): it has
/// not come, unless the sentence tells it did (`GA を待っていた X が 1.33 で GA に昇格しました`).
/// (`待ち` alone ends a block: a table's `| GA 待ち |`.)
const WAITING: [&str; 6] = ["を待ち", "を待っ", "を待つ", "待ちです", "待ちの", "待ち"];

/// A condition `s` (at `at`, see [`is_a_condition`]) that tells what happened rather than what
/// would: `ベータになると同時に`, `GA になるとともに` (at once), a past main clause narrating in order
/// (`1.29 でベータになると、デフォルトで有効になりました`; not the quoted `GA になると思われていた`),
/// `異なると` (no becoming), a story (`GA になるまでの経緯`, `ベータになってから、デフォルトで有効です`)
/// and how it is even so (`GA になってもデフォルトでは無効です`).
fn narrates(text: &str, s: &str, at: Range<usize>) -> bool {
    let rest = &text[at.end..];
    let at_once = ["同時", "とも", "共に"].iter().any(|w| rest.starts_with(w));
    let not_becoming =
        s.starts_with("なる") && !text[..at.start].trim_end().ends_with(['に', 'と']);
    let main = main_clause(rest);
    let quoted = ["思", "言わ", "考え", "見られ", "予想", "発表", "期待"]
        .iter()
        .any(|w| rest.starts_with(w));
    let past = !quoted && ends_in_the_past(main);
    // `GA になってから検討します`, `GA になるまで本番では使いません`: what the writer will do once
    // it comes. Else the words tell a story (`ベータになってから、デフォルトで有効です`, `GA になる
    // までの経緯`, `GA になるまでに 3 年`, a heading `## X が GA になるまで`).
    let story = s.ends_with("まで") && rest.starts_with(['の', 'に']);
    let waits = (s.ends_with("てから") || s.ends_with("まで")) && (story || !intends(main));
    // `GA になってもすぐには使えないかも`: even when it comes; `GA になってもデフォルトでは無効です`
    // tells how it is.
    let even_so = s.ends_with("ても") && !supposes(main);
    at_once || not_becoming || past || waits || even_so
}

/// Endings of a guess (`…かな`, `…だと思います`, `…だろう`, `…はず`).
pub(super) const GUESS_ENDINGS: [&str; 20] = [
    "気がする",
    "気がします",
    "ような",
    "ような気がする",
    "かな",
    "かなあ",
    "かなぁ",
    "かも",
    "かもしれない",
    "かもしれません",
    "と思う",
    "と思います",
    "と思っています",
    "と思ってます",
    "でしょう",
    "だろう",
    "はず",
    "はずです",
    "はずだ",
    "じゃない",
];

/// Whether a main clause ends in a guess ([`GUESS_ENDINGS`]) or a refusal (`使えないかも`,
/// `変わらないでしょう`, `移行しません`): of a supposed case, not of a fact.
fn supposes(main: &str) -> bool {
    GUESS_ENDINGS
        .iter()
        .chain(&["ません", "ない"])
        .any(|w| main.ends_with(w))
}

/// The rest of a sentence from `rest` on, without closing brackets, exclamations, a full stop and
/// spaces.
fn main_clause(rest: &str) -> &str {
    let end = rest.find(['。', '\n']).unwrap_or(rest.len());
    rest[..end].trim_end_matches(['）', ')', '!', '！', '.', ' '])
}

/// Whether the sentence that goes on with `rest` ends in the past (`…になりました`, `…だった`).
pub(super) fn tells_the_past(rest: &str) -> bool {
    ends_in_the_past(main_clause(rest))
}

pub(super) fn ends_in_the_past(main: &str) -> bool {
    main.ends_with("ました") || main.ends_with('た')
}

/// Whether a main clause ends in what the writer means to do or not to do (`検討します`,
/// `使いません`, `入れたいです`, `待つべきです`).
fn intends(main: &str) -> bool {
    const ENDINGS: [&str; 16] = [
        "検討します",
        "検討する",
        "考えます",
        "予定です",
        "つもりです",
        "たいです",
        "たい",
        "たいと思います",
        "ましょう",
        "べきです",
        "べき",
        "使いません",
        "使わない",
        "入れます",
        "導入します",
        "移行します",
    ];
    ENDINGS.iter().any(|w| main.ends_with(w))
}

/// Tokenizes normalized `text`; `plain` are the normalized plain ranges, `spans` the code spans
/// and links.
pub(super) fn scan(text: &str, plain: &[Range<usize>], spans: &[SpanRange]) -> Vec<Token> {
    scan_until(text, plain, spans, |_| false)
}

/// Words that name the release the article is about (`本リリースで GA となりました`).
pub(super) const THIS_RELEASE: [&str; 4] =
    ["本リリース", "今回のリリース", "このリリース", "当リリース"];

/// `v1.33 でベータに昇格し、本リリースで GA となりました`: in an article about release `release`,
/// the words naming this release are that release for the stage rules, so a chain of stages ends
/// in it. Added to `tokens` (in order) where the prose has them, after the scan: the scanner's
/// own rules of a word after its release (`v1.33 で使えなくなりました`) do not see them.
pub(super) fn date_this_release(
    text: &str,
    plain: &[Range<usize>],
    tokens: &mut Vec<Token>,
    release: Release,
) {
    if !text.contains("リリース") {
        return;
    }
    for word in THIS_RELEASE {
        for (at, w) in text.match_indices(word) {
            let range = at..at + w.len();
            let in_prose = plain
                .iter()
                .any(|p| p.start <= range.start && range.end <= p.end);
            let taken = tokens
                .iter()
                .any(|t| t.range.start < range.end && range.start < t.range.end);
            if in_prose && !taken {
                let k = tokens.partition_point(|t| t.range.start < range.start);
                tokens.insert(k, Token::prose(TokenKind::Release(release), range));
            }
        }
    }
}

/// The tokens of [`scan`] up to and including the first that `stop` accepts, for a question
/// the first such token answers. `stop` must accept only tokens other than identifiers: the
/// scanner may merge an identifier with the next token.
pub(super) fn scan_until(
    text: &str,
    plain: &[Range<usize>],
    spans: &[SpanRange],
    stop: impl Fn(&Token) -> bool,
) -> Vec<Token> {
    let mut tokens: Vec<Token> = Vec::new();
    let mut edges: Vec<usize> = spans
        .iter()
        .flat_map(|(r, _, _)| [r.start, r.end])
        .collect();
    edges.sort_unstable();
    let mut at = 0;
    while let Some(found) = MASTER.find_at(text, at) {
        let m = Found::cut(text, &edges, found.range());
        at = m.end();
        if tokens.last().is_some_and(&stop) {
            break;
        }
        let s = m.as_str();
        // `` `KMSv2` ゲート ``, `` `X` ゲートを削除 ``: the short word is the keyword right after
        // a name and before a particle or the end, or before `で` saying the name switches
        // something (`gated_by`); elsewhere (`品質ゲート`, `ゲートウェイ`,
        // `` `WaitOnPermit`ゲートで待機 ``, a scheduler's gate) it is no word of the scanner's.
        // `` `DRAControlPlaneController` ゲートも削除 (#128003) ``, `v1.32 で削除`: the bare noun
        // after its subject or its release ends a statement of removal. Elsewhere it names what
        // a feature does (`PVCの自動削除`, `リソースの削除 (#127870)`, a KEP's title), or is a
        // verb or a topic before more words (`削除する`, `削除予定`, `削除と非推奨`), and is no
        // word of the scanner's.
        // `削除:` over its items: the noun alone titles what follows. (Without the colon, `- 削除`
        // is as often an operation, `作成` / `削除`, as a title.)
        // `### 削除: \`HonorPVReclaimPolicy\``: a label of the name after it.
        let titles = || {
            let after = text[m.end()..].trim();
            let labels_a_name = after
                .strip_prefix([':', '：'])
                .is_some_and(opens_with_a_gate_name);
            text[..m.start()].trim().is_empty() && (matches!(after, ":" | "：") || labels_a_name)
        };
        // `` `KMSv2KDF` が削除され、起動しなくなりました ``: the clause going on after the removal,
        // right after its subject or release (`Podは強制的に削除され、` is an object's deletion);
        // `削除される`, `削除されます`, `削除されない` are a plan or a denial.
        // `v1.33 で削除されます`: said of a release, the removal it makes (a stage stated for that
        // release, as `v1.36 で非推奨になります` is); said of anything else (`Pod は削除されます`)
        // what happens to an object.
        // `v1.35では、次のフィーチャーゲートが削除されます。`, `` 1.35 で `X` が削除されます ``: the
        // sentence opening with the release as its time, and a name or the word ゲート the
        // subject (`v1.35では、古い Pod が削除されます` is an object's deletion).
        // `## v1.32で削除されるフィーチャーゲート`: the same removal, before the gates it makes.
        let removes_gates = || {
            text[m.end()..].strip_prefix('る').is_some_and(|rest| {
                REMOVED_THINGS
                    .iter()
                    .any(|w| rest.trim_start().starts_with(w))
            }) && follows_its_release(text, tokens.last(), m.start())
        };
        let a_release_removes = || {
            removes_gates()
                || text[m.end()..].starts_with("ます")
                    && (follows_its_release(text, tokens.last(), m.start())
                        || (opens_with_its_release(text, &tokens, m.start())
                            && (tokens
                                .last()
                                .is_some_and(|t| is_named_subject(text, t, m.start()))
                                || ["ゲートが", "ゲートは", "ゲートも"]
                                    .iter()
                                    .any(|w| text[..m.start()].trim_end().ends_with(w)))))
        };
        if matches!(s, "削除され" | "廃止され")
            && !(text[m.end()..].starts_with(['、', ','])
                && names_its_subject(text, tokens.last(), m.start()))
            && !a_release_removes()
        {
            continue;
        }
        let ends_a_removal = || {
            let after = &text[m.end()..];
            (ends_a_statement(after)
                && (states_its_subject(text, tokens.last(), m.start())
                    || heads_its_objects(text, &tokens, m.start())))
                || (ends_an_aside_or_clause(after)
                    && names_its_subject(text, tokens.last(), m.start()))
        };
        // `` ### `KMSv2KDF` の削除 ``, `` - `KMSv2KDF` の削除 ``: a name's removal, the whole line, titles
        // it (`リソースの削除` names no KEP or gate).
        let titles_a_removal = || {
            let after = text[m.end()..].trim().trim_end_matches(['。', '.']);
            after.is_empty()
                && tokens.last().is_some_and(|t| {
                    let named = names_a_kep_or_gate(text, t)
                        && !super::gates::is_api_kind(&text[t.range.clone()]);
                    let gap = text[t.range.end..m.start()].trim_matches([' ', '`', '\u{3000}']);
                    named
                        && gap == "の"
                        && text[..t.range.start]
                            .trim_matches([' ', '`', '\u{3000}'])
                            .is_empty()
                })
        };
        if matches!(s, "削除" | "廃止") && !titles() && !ends_a_removal() && !titles_a_removal()
        {
            continue;
        }
        // `` `KMSv2KDF` ゲートがなくなりました ``: gone, said of a gate (`心配がなくなりました` is not).
        // `## 1.32 で消えたフィーチャーゲート`, `なくなった機能`: gone, said of the gates or
        // features a heading or lead names.
        // (`以下のゲートが消えました:`: said of the gates it lists.)
        let of_gates = || {
            let before = text[..m.start()].trim_end();
            (s.ends_with('た')
                && [
                    "フィーチャーゲート",
                    "ゲート",
                    "機能",
                    "もの",
                    "feature gate",
                ]
                .iter()
                .any(|w| text[m.end()..].trim_start().starts_with(w)))
                || ["ゲートが", "ゲートは", "機能が", "機能は"]
                    .iter()
                    .filter_map(|w| before.strip_suffix(w))
                    .map(|b| b.strip_suffix("フィーチャー").unwrap_or(b))
                    .any(|b| {
                        ["以下の", "次の", "下記の", "これらの"]
                            .iter()
                            .any(|l| b.ends_with(l))
                    })
        };
        if s.starts_with("なくな")
            && !of_gates()
            && !tokens.last().is_some_and(|t| {
                t.kind == TokenKind::GateKeyword
                    && matches!(text[t.range.end..m.start()].trim(), "が" | "は" | "も")
            })
        {
            continue;
        }
        // `GA になったはず…要確認`, `ベータになった…はず`: a belief the writer doubts states nothing
        // (see `classify_word`); `GA になっているはずです。リリースノートにも…` is sure of it.
        if s == "はず" {
            // (`はずっと`: the topic's `は`, then `ずっと`, a word of its own.)
            if text[m.end()..].starts_with("っと") {
                at = m.start() + "は".len();
                continue;
            }
            if !doubted(text, m.start(), m.end()) {
                continue;
            }
        }
        // `` `X` は 1.33 で消えた ``: gone, said of a name (`警告が v1.33 で消えました` is the
        // warning's).
        if s.starts_with("消え") && !said_of_a_name(text, &tokens, m.start()) && !of_gates() {
            continue;
        }
        // `` `X` は使えなくなりました ``, `v1.32 で削除となりました`: said of its subject or release
        // (`古いボリュームは削除となりました`, `古いプラグインが使えなくなりました` are something
        // else's).
        if (s.starts_with("使えなくな")
            || s.starts_with("利用できなくな")
            || s.starts_with("使用できなくな")
            // `削除となりました`, `廃止になった`: the pattern's only words of the noun and と/に.
            || (["削除", "廃止"].iter().any(|w| s.starts_with(w))
                && s["削除".len()..].starts_with(['と', 'に'])))
            && !names_its_subject(text, tokens.last(), m.start())
        {
            continue;
        }
        if s == "ゲートウェイ"
            || (s == "ゲート"
                && !introduces_a_name(&text[m.end()..])
                // `` `X` ゲート ``, `` `X` というゲート ``, `` `X` のゲートは ``: right after a name.
                && !(after_a_name(text[..m.start()].trim_end().strip_suffix('の').unwrap_or(&text[..m.start()]))
                    && (gated_by(&text[m.end()..])
                        || text[m.end()..].starts_with("指定")
                        || text[m.end()..].chars().next().is_none_or(|c| {
                            c.is_whitespace()
                                || matches!(
                                    c,
                                    '、' | '。'
                                        | ','
                                        | 'は'
                                        | 'が'
                                        | 'を'
                                        | 'の'
                                        | 'も'
                                        | 'と'
                                        | ')'
                                        | '）'
                                        | ':'
                                        | '：'
                                )
                        }))))
        {
            continue;
        }
        // `10.1.30.4`, `Go 1.22.3`, `containerd 1.7.0`: an address or another project's version,
        // not a release of Kubernetes.
        if s.starts_with("1.") && {
            let before = &text[..m.start()];
            let word = before
                .trim_end()
                .rsplit(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_')))
                .next()
                .unwrap_or("");
            before.ends_with(|c: char| c.is_ascii_digit() || c == '.')
                || super::refs::is_other_software(&word.to_ascii_lowercase())
        } {
            continue;
        }
        // `次回ベータ`, `ベータ（次回）`, `ベータ昇格は次回リリースで`: next time, said of a stage, is
        // a plan; elsewhere (`詳細は次回の記事で`) it comments on the article.
        if s == "次回" && !next_time_of_a_stage(text, tokens.last(), m.start(), m.end()) {
            continue;
        }
        let mut kind = classify(s);
        // `KEP #3503 は取り下げられ`, `` `X` は 1.33 で取り下げられました ``: a feature withdrawn is
        // gone from the release; elsewhere (`GA 申請を取り下げた`, `ベータ昇格は v1.33 で取り下げ
        // られました`) something was taken back, as a postponement is.
        // (`` 特に `X` は、設計の変更で取り下げられました ``: the name as the topic of the clause,
        // a short cause between.)
        let withdrawn_topic = || {
            tokens.last().is_some_and(|t| {
                let between = text[t.range.end..m.start()].trim_start_matches(['`', ' ']);
                names_a_kep_or_gate(text, t)
                    && between.strip_prefix('は').is_some_and(|rest| {
                        let rest = rest.trim_start_matches(['、', ',', ' ']);
                        !rest.contains(['。', '、', ',', '(', '（'])
                            && rest.chars().count() <= 20
                            && (rest.is_empty() || rest.trim_end().ends_with('で'))
                    })
            })
        };
        if s == "取り下げ" && (said_of_a_name(text, &tokens, m.start()) || withdrawn_topic()) {
            kind = TokenKind::StageWord(Stage::Removed);
        }
        // `Feature Gate`, `feature-gates`, `feature flag` are two identifiers; merge them into
        // one keyword.
        if kind == TokenKind::Ident
            && ["gate", "gates", "flag", "flags"]
                .iter()
                .any(|w| s.eq_ignore_ascii_case(w))
            && let Some(prev) = tokens.last()
            && prev.kind == TokenKind::Ident
            && text[prev.range.clone()].eq_ignore_ascii_case("feature")
            && matches!(&text[prev.range.end..m.start()], " " | "-")
        {
            let start = prev.range.start;
            tokens.pop();
            let range = start..m.end();
            tokens.push(Token {
                kind: TokenKind::GateKeyword,
                plain: in_one(plain, range.clone()),
                span: span_of(spans, range.clone()),
                range,
            });
            continue;
        }
        // `before v1.30`, `prior to 1.30`, `until Kubernetes 1.29`: earlier releases.
        if kind == TokenKind::Ident
            && ["before", "prior", "until"]
                .iter()
                .any(|w| s.eq_ignore_ascii_case(w))
        {
            let rest = text[m.end()..].trim_start();
            let rest = rest.strip_prefix("to ").unwrap_or(rest).trim_start();
            if ["v1.", "1.", "Kubernetes", "kubernetes"]
                .iter()
                .any(|p| rest.starts_with(p))
            {
                kind = TokenKind::Past;
            }
        }
        // `until it is removed in a future release`: what is to come, as after `will`;
        // `remained in beta until it graduated to GA in v1.32` tells what happened.
        if kind == TokenKind::Ident && s.eq_ignore_ascii_case("until") {
            let rest = text[m.end()..].to_ascii_lowercase();
            let clause = &rest[..rest.find(['.', ';']).unwrap_or(rest.len())];
            if [
                "future",
                "is removed",
                "are removed",
                "is deprecated",
                "will",
            ]
            .iter()
            .any(|w| clause.contains(w))
            {
                kind = TokenKind::Will;
            }
        }
        // `container.apparmor.security.beta.kubernetes.io/*`, `alpha_feature`: a part of a name.
        if matches!(kind, TokenKind::StageWord(_))
            && s.is_ascii()
            && (text[..m.start()].ends_with(['.', '_'])
                || text[m.end()..].starts_with('_')
                || text[m.end()..].strip_prefix('.').is_some_and(|r| {
                    r.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '*')
                }))
        {
            kind = TokenKind::Ident;
        }
        // `pull-kubernetes-e2e-kind-alpha-features`: a lowercase stage word inside a name of
        // several hyphens (a job, label or file name); not `beta-level` or `alpha-to-beta`.
        if matches!(kind, TokenKind::StageWord(_))
            && s.bytes().all(|b| b.is_ascii_lowercase())
            && in_hyphenated_name(text, m.range())
        {
            kind = TokenKind::Ident;
        }
        // `の GA が楽しみ`, `ベータ昇格 PR はレビュー中`: a hope or pending work of the stage right
        // before it; after anything else (`GA になった X を使うのが楽しみ`, `ドキュメント PR は
        // レビュー中`) it says nothing of a stage.
        // So is a guess or hearsay (`次でGAっぽい`, `beta になるらしい`; not `不安定っぽい`, or
        // `ベータになったっぽい`, which reports what happened).
        let hope = s.ends_with("楽しみ")
            || matches!(
                s,
                "が楽しみ"
                    | "を楽しみ"
                    | "、楽しみ"
                    | "、 楽しみ"
                    | "が見えてく"
                    | "が見えてき"
                    | "っぽい"
                    | "なるらしい"
                    | "されるらしい"
                    | "するらしい"
            )
            || WAITING.contains(&s)
            || is_proposed(s)
            || (s.ends_with("期待")
                && !(text[m.end()..].starts_with("通り") || text[m.end()..].starts_with("どおり")));
        // `ベータ昇格の Exception を出しました`, `GA の例外申請`: the release team was asked to let
        // the stage in after the freeze; after anything else it is no word of the scanner's.
        let exception = s == "例外申請" || s.eq_ignore_ascii_case("exception");
        if kind == TokenKind::Plan
            && (hope || exception || matches!(s, "レビュー中" | "レビュー待ち" | "マージ待ち"))
            && !follows_a_stage(text, &tokens, m.start(), !hope && !exception)
        {
            kind = TokenKind::Ident;
        }
        // `` `X` 有効時に ``, `` `X` が有効な場合 ``: the state of the name right before (not
        // `有効時間`, or `トークンが有効な場合`, a token's validity).
        if kind == TokenKind::Enable
            && matches!(s, "有効時" | "無効時" | "有効な場合" | "有効の場合")
            && (text[m.end()..].starts_with('間')
                || !after_a_name(
                    text[..m.start()]
                        .trim_end()
                        .trim_end_matches(['が', 'を', 'の'])
                        .trim_end_matches("ゲート")
                        .trim_end_matches("フィーチャー"),
                ))
        {
            kind = TokenKind::Ident;
        }
        // `前回から持ち越しとなっていた KEP-4639 のベータ昇格が、v1.32 で実現`, `持ち越された X が`:
        // what had been carried over, told of what came of it, is no postponement.
        if s == "持ち越" {
            let rest = &text[m.end()..];
            let relative = rest
                .strip_prefix("された")
                .is_some_and(|r| !r.starts_with(['。', '、', '）', ')', '\n']) && !r.is_empty());
            if relative
                || ["しとなっていた", "しになっていた", "されていた", "していた"]
                    .iter()
                    .any(|w| rest.starts_with(w))
            {
                kind = TokenKind::Ident;
            }
        }
        // `default off に戻った`, `default ON。`; not `the default on most runtimes`.
        if matches!(kind, TokenKind::Default(_))
            && s.to_ascii_lowercase().starts_with("default")
            && text[m.end()..]
                .trim_start_matches(' ')
                .starts_with(|c: char| c.is_ascii_alphabetic())
        {
            kind = TokenKind::Ident;
        }
        if s.ends_with("期待") && !hope {
            kind = TokenKind::Ident;
        }
        if kind == TokenKind::Plan && is_a_condition(s) && narrates(text, s, m.range()) {
            kind = TokenKind::Ident;
        }
        // (Read back only for the plans and negations below: every token passes here.)
        let last_stage = || {
            tokens
                .iter()
                .rev()
                .find(|t| matches!(t.kind, TokenKind::StageWord(_)))
        };
        // `GA に向けて作業中`, `GA に向けて、フィードバックを募集` (a clause of its own; not `GA に
        // 向けてベータに昇格`): work toward a stage only right after it (`1.33 に向けた準備` is a
        // release's).
        if kind == TokenKind::Plan
            && s.starts_with("に向け")
            && !last_stage().is_some_and(|t| text[t.range.end..m.start()].trim().is_empty())
        {
            kind = TokenKind::Ident;
        }
        // `GA したら`: a condition only right after the stage (not `アップグレードしたら`).
        if kind == TokenKind::Plan
            && s == "したら"
            && !last_stage().is_some_and(|t| text[t.range.end..m.start()].trim().is_empty())
        {
            kind = TokenKind::Ident;
        }
        // `GA を待っていた X が 1.33 で GA に昇格しました`: the wait is over; `GA を待ち望んでいた
        // 機能`: how it was awaited, not that it still is.
        if kind == TokenKind::Plan
            && WAITING.contains(&s)
            && (tells_the_past(&text[m.end()..]) || text[m.end()..].starts_with('望'))
        {
            kind = TokenKind::Ident;
        }
        // `ベータになったので本番に入れたい`: a wish for what follows from the stage, not for it.
        if kind == TokenKind::Plan
            && is_a_wish(s)
            && last_stage().is_some_and(|t| {
                let gap = &text[t.range.end..m.start()];
                ["ので", "から", "ため", "、"]
                    .iter()
                    .any(|w| gap.contains(w))
            })
        {
            kind = TokenKind::Ident;
        }
        // `ベータ昇格を断念`, `GA は諦めました`: giving up and refusal are a stage's only right after
        // it in their clause (`ベータになったので、自前の方式は断念しました` gave up something else).
        if kind == TokenKind::Negation
            && matches!(s, "断念" | "諦め" | "あきらめ" | "却下")
            && !last_stage().is_some_and(|t| {
                let gap = &text[t.range.end..m.start()];
                gap.len() <= 40 && !gap.contains(['、', '。', ',', '\n'])
            })
        {
            kind = TokenKind::Ident;
        }
        // `revert されかけて`, `延期しかけた`: it nearly happened, so it did not.
        if kind == TokenKind::Negation
            && text[m.end()..]
                .trim_start()
                .trim_start_matches(['さ', 'し'])
                .trim_start_matches("れ")
                .starts_with("かけ")
        {
            kind = TokenKind::Ident;
        }
        // `GA に上がったら`, `アルファとして入るらしい`, `GA が来るはず`: only of the stage right
        // before (`クラスタに入ったら`, `1.34 が来たら` say nothing of one).
        if kind == TokenKind::Plan
            && is_a_spoken_plan(s)
            && !last_stage().is_some_and(|t| SPOKEN_GAP.is_match(&text[t.range.end..m.start()]))
        {
            kind = TokenKind::Ident;
        }
        // `GA になったらしい`: hearsay of a fact, not the condition `GA になったら`. `GA になるから`
        // gives a reason and `異なるか` asks another thing: no question of a stage.
        let after = &text[m.end()..];
        if kind == TokenKind::Plan
            && ((s.ends_with("たら") && after.starts_with("しい"))
                || (s.ends_with('か')
                    && (after.starts_with('ら')
                        || (s.starts_with("なる")
                            && !text[..m.start()].trim_end().ends_with(['に', 'と'])))))
        {
            kind = TokenKind::Ident;
        }
        // `削除されるかもしれません`, `アルファとして入るかもしれません` guess a stage;
        // `ご存知の方もいるかもしれませんが` guesses nothing of one.
        if kind == TokenKind::Plan
            && s.starts_with("るかもしれ")
            && !["され", "入", "加わ", "残"]
                .iter()
                .any(|w| text[..m.start()].ends_with(w))
        {
            kind = TokenKind::Ident;
        }
        // `オプトインではなくなりました`: no longer opt-in.
        if matches!(kind, TokenKind::Default(_)) && s == "オプトインで" && after.starts_with('は')
        {
            kind = TokenKind::Ident;
        }
        if matches!(kind, TokenKind::Default(_)) && word_goes_on(s, after) {
            kind = TokenKind::Ident;
        }
        if kind == TokenKind::StageWord(Stage::Alpha) && after.starts_with("ベット") {
            kind = TokenKind::Ident; // アルファベット, the alphabet
        }
        // `GKE のアルファクラスタ`, `ベータチャネル`, `Beta チャンネル`: a managed platform's kind of
        // cluster or release channel, not a feature's stage.
        // (Written apart, `ベータ クラスタ全体で`, the noun starts another phrase.)
        if matches!(kind, TokenKind::StageWord(_))
            && ["クラスタ", "チャネル", "チャンネル", "テスター"]
                .iter()
                .find_map(|w| after.strip_prefix(w))
                .is_some_and(|rest| {
                    let rest = rest.strip_prefix('ー').unwrap_or(rest);
                    !["全体", "管理", "内", "上", "単位", "規模", "設定"]
                        .iter()
                        .any(|w| rest.starts_with(w))
                })
        {
            kind = TokenKind::Ident;
        }
        // `v1.31.0-beta2`, `2.1.beta2`: a pre-release's tag, not a stage.
        if matches!(kind, TokenKind::StageWord(_))
            && s.ends_with(|c: char| c.is_ascii_digit())
            && text[..m.start()].ends_with(['-', '.'])
        {
            kind = TokenKind::Ident;
        }
        // `フィーチャーゲートはロックされ`: only a gate's lock, locked on, of a gate not said to be
        // deprecated in the same sentence, is a graduation (not `ブロックされ`, blocked; not
        // `Secret の内容がロックされ`; not `無効な状態でロックされ` nor `非推奨となり、true にロック
        // されました`, on the way out).
        // `` `X` ゲートをロック (#128353) ``: a digest's line of the same lock, the gate its
        // object (not `Secret をロック`).
        if s == "をロック"
            && (text[m.end()..].starts_with("解除")
                || !tokens.last().is_some_and(|t| {
                    (t.kind == TokenKind::GateKeyword || names_a_kep_or_gate(text, t))
                        && text[t.range.end..m.start()]
                            .trim_matches([' ', '`'])
                            .is_empty()
                }))
        {
            kind = TokenKind::Ident;
        }
        if s == "ロックされ" && !locks_a_gate_on(text, &tokens, m.start()) {
            kind = TokenKind::Enable;
        }
        // `非推奨ではありません`, `is not deprecated`, `ベータではなくGA`: the stage is denied.
        if matches!(kind, TokenKind::StageWord(_)) && denied(text, m.range()) {
            kind = TokenKind::DeniedStage;
        }
        // `is not enabled by default`, `デフォルトでは有効になっていません`, `デフォルトで有効になる
        // こともありません`: the opposite default.
        if let TokenKind::Default(on) = kind
            && denied(text, m.range())
        {
            kind = TokenKind::Default(!on);
        }
        // `removed from milestone`, `removed from the v1.34 milestone`: taken out of the release,
        // a postponement (like `マイルストーンから削除`), not a removal of the feature.
        static FROM_MILESTONE: LazyLock<Regex> = LazyLock::new(|| {
            Regex::new(r"(?i)^\s*from\s+(?:the\s+)?(?:v?[0-9.]+\s+)?milestone").unwrap()
        });
        if kind == TokenKind::StageWord(Stage::Removed)
            && s.eq_ignore_ascii_case("removed")
            && FROM_MILESTONE.is_match(&text[m.end()..])
        {
            kind = TokenKind::Negation;
        }
        // `pulled from the release` is a postponement; `Ensure secret pulled images` is not.
        if kind == TokenKind::Negation && s.eq_ignore_ascii_case("pulled") {
            let rest = text[m.end()..].trim_start();
            if !(rest.starts_with("from") || rest.starts_with("out")) {
                kind = TokenKind::Ident;
            }
        }
        // `admissionregistration.k8s.io/v1alpha1 API`, `the v1beta1 API`: an API version is a
        // stage when it names a group's API; a bare `v1alpha1 API が導入` in a list of changes
        // says which API version exists, not what stage the feature is at.
        let before = text[..m.start()].trim_end();
        if kind == TokenKind::Ident
            && let Some(stage) = api_version_stage(s)
            && text[m.end()..].trim_start().starts_with("API")
            && (text[..m.start()].ends_with('/')
                || before.ends_with("the")
                || before.ends_with("new")
                || before.ends_with("The"))
        {
            kind = TokenKind::ApiVersion(stage);
        }
        // `gist.github.com/…`, `user@github.com/…`: part of another host or address.
        if kind == TokenKind::Url
            && !s.contains("://")
            && text[..m.start()].chars().next_back().is_some_and(|c| {
                c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '/' | '@')
            })
        {
            kind = TokenKind::Ident;
        }
        let plain = in_one(plain, m.range());
        tokens.push(Token {
            kind,
            range: m.range(),
            plain,
            span: if plain {
                None
            } else {
                span_of(spans, m.range())
            },
        });
    }
    tokens
}

/// `@kimura: 本当です`, `> @sre_hanako：…`: where a chat line's speaker label ends (past its
/// colon), the handle whose `@` is at `at` opening its line (after a quote's `>` or a list's
/// mark) and a colon closing its name. A chat log's (Slack, Discord) names are no GitHub
/// logins, and the label is no part of the sentence after it. `None` for any other handle.
pub(super) fn speaker_label_end(text: &str, at: usize) -> Option<usize> {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let opens = text[line_start..at]
        .chars()
        .all(|c| c.is_whitespace() || matches!(c, '>' | '-' | '*' | '・'));
    let after = text[at..].strip_prefix('@')?;
    let rest = after
        .trim_start_matches(|c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        .trim_start_matches(INLINE_SPACE);
    let colon = rest.chars().next().filter(|c| matches!(c, ':' | '：'))?;
    opens.then(|| text.len() - rest.len() + colon.len_utf8())
}

/// The spaces that may stand inside a line of prose.
pub(super) const INLINE_SPACE: [char; 3] = [' ', '\t', '\u{3000}'];

/// `` `WatchListClient` ゲートで、 ``, `` `X` ゲートで制御されています ``: what follows the short
/// word says the name before it switches a feature (a gate's `で` of means, then a pause or a
/// verb of switching), not where something waits (`ゲートで待機`).
fn gated_by(after: &str) -> bool {
    after.strip_prefix('で').is_some_and(|rest| {
        let rest = rest.trim_start();
        rest.starts_with(['、', ','])
            || [
                "制御",
                "有効",
                "無効",
                "管理",
                "保護",
                "切り替",
                "オン",
                "オフ",
            ]
            .iter()
            .any(|w| rest.starts_with(w))
    })
}

/// Whether the text after a bare noun ends its statement: nothing, a full stop, a line break or
/// a bracketed citation (`削除 (#128003)`).
fn ends_a_statement(after: &str) -> bool {
    let after = after.trim_start_matches(INLINE_SPACE);
    // `` `X` は alpha のまま削除です。 ``: the noun with a plain copula ends the statement too.
    let after = ["です", "でした"]
        .iter()
        .find_map(|c| after.strip_prefix(c))
        .unwrap_or(after);
    after.is_empty() || after.starts_with(['。', '.', '\n', '(', '（', '!', '！'])
}

/// Whether the text after a bare noun ends an aside or a clause (`（1.32 で削除）`,
/// `v1.32 で削除、代わりに…`), where the noun is as often an object's (`PVC も削除）`,
/// `Pod が削除、再作成`), so that only a name's or a release's removal counts
/// ([`names_its_subject`]).
fn ends_an_aside_or_clause(after: &str) -> bool {
    after
        .trim_start_matches(INLINE_SPACE)
        .starts_with([')', '）', '、'])
}

/// `ゲートごと削除`: the gate and all, said between a removal's subject or release and the noun.
pub(super) const GATE_AND_ALL: &str = "ゲートごと";

/// Before a bare removal noun at `at`: whether its subject (`Xも`, `Xは`, `Xが`) or its release
/// (`v1.32 で`, the release token `last` the scanner made just before) stands right before it.
fn states_its_subject(text: &str, last: Option<&Token>, at: usize) -> bool {
    // (`` `X` はゲートごと削除 ``: the gate and all.)
    let before = text[..at].trim_end_matches(INLINE_SPACE);
    let before = before
        .strip_suffix(GATE_AND_ALL)
        .unwrap_or(before)
        .trim_end();
    before.ends_with(['も', 'は', 'が'])
        || follows_its_release_or_stage(text, last, at)
        || last.is_some_and(|t| is_named_object(text, t, at))
}

/// The particles that join things named one after another (`A と B`, `A や B`, `A および B`).
pub(super) const JOINERS: [&str; 4] = ["と", "や", "および", "及び"];

/// `` `DRAControlPlaneController` ゲートと、classic DRA の実装を削除 ``: the first of the objects
/// joined before `を` at `at` is a name or the word ゲート, in the sentence of the removal.
fn heads_its_objects(text: &str, tokens: &[Token], at: usize) -> bool {
    if !text[..at].trim_end_matches(INLINE_SPACE).ends_with('を') {
        return false;
    }
    tokens
        .iter()
        .rev()
        .take_while(|t| t.kind != TokenKind::SentenceEnd)
        .filter(|t| t.kind == TokenKind::GateKeyword || names_a_kep_or_gate(text, t))
        .any(|t| {
            let after = text[t.range.end..at].trim_start_matches(['`', ' ', '\u{3000}']);
            JOINERS.iter().any(|w| after.starts_with(w))
        })
}

/// `` `KMSv2` を削除 ``, `` `X` ゲートを削除 (#128400) ``: a digest's terse line, the name (or the
/// word ゲート after it) the object of the bare noun; not when the clause names where it was
/// taken from (`設定から \`X\` を削除`: a configuration's line).
fn is_named_object(text: &str, t: &Token, at: usize) -> bool {
    let clause = text[..t.range.start]
        .rsplit(['、', '。', ',', '\n'])
        .next()
        .unwrap_or("");
    (t.kind == TokenKind::GateKeyword || names_a_kep_or_gate(text, t))
        && text[t.range.end..at].trim_matches([' ', '`', '\u{3000}']) == "を"
        && !clause.contains("から")
}

/// Before a removal at `at` whose subject may be an object's (`削除され、`, a bare `削除` ending
/// an aside or a clause): its release or the stage it moves from stands right before it, or its
/// subject is a KEP, a gate-shaped name or the word ゲート right before its particle
/// (`` `KMSv2KDF` が削除され、 ``; not `Podは強制的に削除され、` or `古いイメージは削除され、`).
fn names_its_subject(text: &str, last: Option<&Token>, at: usize) -> bool {
    follows_its_release_or_stage(text, last, at)
        || last.is_some_and(|t| is_named_subject(text, t, at))
}

/// Token `t` is a KEP, a gate-shaped name or the word ゲート, followed by its particle (`は`,
/// `が`, `も`) and nothing more up to `end`.
fn is_named_subject(text: &str, t: &Token, end: usize) -> bool {
    // (`ホストネットワーク対応（KEP-3503）は`: a name citing the subject in brackets is it.)
    (t.kind == TokenKind::GateKeyword || names_a_kep_or_gate(text, t))
        && matches!(
            text[t.range.end..end].trim_matches([' ', '`', '\u{3000}', ')', '）']),
            "は" | "が" | "も"
        )
}

/// The belief `はず` at `start..end` is doubted: trailing off before it (`…はず`, `...はず`) or
/// a note of doubt right after it, up to the end of the sentence after (`はず。要確認`,
/// `はず（未確認）`, `はず?`). (Guesses by their adverbs and endings are `stage::guessed`'s.)
fn doubted(text: &str, start: usize, end: usize) -> bool {
    let before = text[..start].trim_end();
    let after = text[end..].trim_start_matches(['。', '.', ' ']);
    let after = &after[..after.find(['。', '\n']).unwrap_or(after.len())];
    before.ends_with(['…', '‥'])
        || before.ends_with("...")
        || ["要確認", "未確認", "?", "？"]
            .iter()
            .any(|w| after.contains(w))
}

/// `## 削除`, `### 廃止`: a heading that is the bare noun alone titles the removals under it, as
/// `削除:` titles a list (in a list, `- 削除` is as often an operation). The word as a stage token,
/// for a heading's text and the tokens the scanner found in it.
pub(super) fn removal_title(text: &str, tokens: &[Token]) -> Option<Token> {
    let word = text.trim().trim_end_matches([':', '：']).trim_end();
    let at = text.find(word)?;
    (matches!(word, "削除" | "廃止" | "削除・廃止")
        && tokens.iter().all(|t| t.kind == TokenKind::SentenceEnd))
    .then(|| Token::prose(TokenKind::StageWord(Stage::Removed), at..at + word.len()))
}

/// `v1.36 で削除されます`: a removal a release will make (see `a_release_removes` in
/// [`scan_until`]). It is a stage only for the article's own release (`stage::muted_tokens`
/// mutes it for any other); readers that know no article release (a `Stage:` line, a
/// heading's words) do not take it.
pub(super) fn is_future_removal(text: &str, t: &Token) -> bool {
    t.kind == TokenKind::StageWord(Stage::Removed)
        && (text[t.range.end..].starts_with("ます") || text[t.range.end..].starts_with('る'))
}

/// What a release's removal, said before them, makes: `v1.32で削除されるフィーチャーゲート`.
const REMOVED_THINGS: [&str; 5] = ["フィーチャーゲート", "ゲート", "機能", "もの", "API"];

/// The word at `at` is said of a name as its subject: right after the name (or `ゲート`) and its
/// particle (`` `KMSv2` は消えた ``), or after those and a release (`` `KMSv2` は 1.33 で消えた ``).
fn said_of_a_name(text: &str, tokens: &[Token], at: usize) -> bool {
    match tokens {
        [.., name, release] if matches!(release.kind, TokenKind::Release(_)) => {
            is_named_subject(text, name, release.range.start)
                && matches!(text[release.range.end..at].trim(), "で" | "では" | "に")
        }
        [.., last] => is_named_subject(text, last, at),
        [] => false,
    }
}

/// Token `t` names a KEP or a gate: a KEP reference or a gate-shaped identifier.
pub(super) fn names_a_kep_or_gate(text: &str, t: &Token) -> bool {
    t.kind == TokenKind::Kep
        || (t.kind == TokenKind::Ident && {
            let word = &text[t.range.clone()];
            super::gates::gate_shaped(word) && !super::gates::is_core_kind(word)
        })
}

/// Right before `at`: a release and `で` (`v1.32 で`, the release token `last` the scanner made
/// just before), the arrow of a transition from a stage (`GA → 削除`, `GA を経て削除され、`), or,
/// on a terse line, the name itself (`- KEP-1234 削除`, `` - `X`: 削除 ``).
fn follows_its_release_or_stage(text: &str, last: Option<&Token>, at: usize) -> bool {
    let before = text[..at].trim_end_matches(INLINE_SPACE);
    // `GA→削除`, `GA を経て削除`, `GA 後に削除`: the stage it moves from, then the removal.
    let arrow = ARROWS
        .iter()
        // `alpha のまま削除`: removed while still in that stage.
        .chain(&["を経て", "の後に", "のあとに", "後に", "後", "のまま"])
        .find_map(|a| before.strip_suffix(a))
        .map(|b| b.trim_end_matches(INLINE_SPACE));
    arrow.is_some_and(|b| {
        last.is_some_and(|t| matches!(t.kind, TokenKind::StageWord(_)) && t.range.end == b.len())
    }) || follows_its_release(text, last, at)
        || last.is_some_and(|t| {
            let gap = text[t.range.end..at].trim_matches([' ', '`', ':', '：', '\u{3000}']);
            gap.is_empty() && names_a_kep_or_gate(text, t)
        })
}

/// Arrows from one stage to the next (`GA → 削除`, `Alpha v1.28 → Beta v1.29`).
pub(super) const ARROWS: [&str; 5] = ["→", "⇒", "➡", "->", "=>"];

/// What stands between the steps of a feature's history written as a chain, each step with its
/// release (`v1.29 GA → v1.32 削除`, `1.30: GA / 1.32: 削除`): the [`ARROWS`], and slashes
/// (between two bare stage words, `非推奨 / 削除`, a slash joins two topics, no chain).
pub(super) fn chain_separators() -> impl Iterator<Item = &'static str> {
    ARROWS.iter().chain(&["/", "／"]).copied()
}

/// Right before `at`: a release and `で` or `にて` (`v1.32 で`), or a release alone as a step of
/// a chain (`GA → v1.32 削除`, `GA / 1.32: 削除`), the release token `last` the scanner made just
/// before.
fn follows_its_release(text: &str, last: Option<&Token>, at: usize) -> bool {
    last.is_some_and(|t| {
        let gap = text[t.range.end..at].trim_matches([' ', '`', ':', '：', '\u{3000}']);
        let chain_step = || {
            let before = text[..t.range.start].trim_end_matches(INLINE_SPACE);
            chain_separators().any(|a| before.ends_with(a))
        };
        matches!(t.kind, TokenKind::Release(_))
            && (matches!(gap, "で" | "にて") || (gap.is_empty() && chain_step()))
    })
}

/// The sentence the scan is in (after the last of `tokens` that ends one), or its last clause
/// before `at`, opens with a release as its time: `v1.35では、`, `1.35 で以下の…`, `1.35 には`, `…しており、v1.34で`.
fn opens_with_its_release(text: &str, tokens: &[Token], at: usize) -> bool {
    let open = tokens
        .iter()
        .rposition(|t| t.kind == TokenKind::SentenceEnd)
        .map_or(0, |k| k + 1);
    let sentence_start = tokens
        .get(open.wrapping_sub(1))
        .filter(|_| open > 0)
        .map_or(0, |t| t.range.end);
    // (Or its last clause: `` `X`はv1.31でGAに昇格しており、v1.34でフィーチャーゲートが削除されます ``.)
    let last_clause = text[sentence_start..at]
        .rsplit(['、', ','])
        .next()
        .unwrap_or("");
    let clause_start = Some(at - last_clause.len()).filter(|&p| p > sentence_start);
    let opens_at = |start: usize| {
        let Some(first) = tokens[open..].iter().find(|t| t.range.start >= start) else {
            return false;
        };
        matches!(first.kind, TokenKind::Release(_))
            && text[start..first.range.start]
                .trim_matches(|c: char| c.is_whitespace() || matches!(c, '-' | '*' | '・'))
                .is_empty()
            && ["で", "には"].iter().any(|w| {
                text[first.range.end..]
                    .trim_start_matches(INLINE_SPACE)
                    .starts_with(w)
            })
    };
    opens_at(sentence_start) || clause_start.is_some_and(opens_at)
}

/// `text` opens (past spaces and a code span's backtick) with a gate-shaped name (a block's text
/// holds a code span's text without its backticks).
fn opens_with_a_gate_name(text: &str) -> bool {
    let rest = text.trim_start_matches(['`', ' ']);
    let end = rest
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(rest.len());
    super::gates::gate_shaped(&rest[..end])
}

/// After the short word ゲート: whether a label introduces the name next to it
/// (`` ゲートは `UserNamespacesSupport` ``, `` 推しゲート: `PodLifecycleSleepAction` ``, `ゲート名：X`,
/// `` ゲートの `X` ``).
fn introduces_a_name(after: &str) -> bool {
    // `` ゲートの `MutatingAdmissionPolicy` ``: the gate, named right after it.
    if after.strip_prefix('の').is_some_and(opens_with_a_gate_name) {
        return true;
    }
    let after = after.strip_prefix('名').unwrap_or(after);
    let Some(rest) = after
        .strip_prefix('は')
        .or_else(|| after.strip_prefix(':'))
        .or_else(|| after.strip_prefix('：'))
    else {
        return false;
    };
    rest.trim_start()
        .starts_with(|c: char| c == '`' || c.is_ascii_uppercase())
}

/// A match of [`MASTER`], cut where a code span or link begins or ends inside it: a block's
/// text holds a span's text without its backticks or brackets, so `` `X`[feature gate](…) `` reads
/// `Xfeature gate`, and the name and the link's text are two words. The scan goes on from the
/// cut.
struct Found<'t> {
    text: &'t str,
    start: usize,
    end: usize,
}

impl<'t> Found<'t> {
    /// `edges`: every span's start and end, sorted.
    fn cut(text: &'t str, edges: &[usize], r: Range<usize>) -> Found<'t> {
        let first_inside = edges.partition_point(|&e| e <= r.start);
        let end = edges[first_inside..]
            .iter()
            .copied()
            .find(|&e| text.is_char_boundary(e))
            .filter(|&e| e < r.end)
            .unwrap_or(r.end);
        Found {
            text,
            start: r.start,
            end,
        }
    }

    fn start(&self) -> usize {
        self.start
    }

    fn end(&self) -> usize {
        self.end
    }

    fn range(&self) -> Range<usize> {
        self.start..self.end
    }

    fn as_str(&self) -> &'t str {
        &self.text[self.start..self.end]
    }
}

fn in_one(plain: &[Range<usize>], r: Range<usize>) -> bool {
    // Ranges are sorted and disjoint: a binary search keeps long blocks linear.
    let i = plain.partition_point(|p| p.end < r.end);
    plain
        .get(i)
        .is_some_and(|p| p.start <= r.start && r.end <= p.end)
}

/// The link containing `r`, else the code span containing it. `spans` are sorted by start;
/// they never overlap except a code span inside a link, so only the last two starting at or
/// before `r` can contain it (a binary search keeps a block of many links linear).
fn span_of(spans: &[SpanRange], r: Range<usize>) -> Option<usize> {
    let upto = spans.partition_point(|(range, _, _)| range.start <= r.start);
    let mut code = None;
    for (range, index, is_link) in spans[upto.saturating_sub(2)..upto].iter().rev() {
        if range.start <= r.start && r.end <= range.end {
            if *is_link {
                return Some(*index);
            }
            code = Some(*index);
        }
    }
    code
}

fn classify(s: &str) -> TokenKind {
    let b = s.as_bytes();
    match b[0] {
        b'#' => return TokenKind::Hash,
        b'@' => return TokenKind::Handle,
        b'-' if s.starts_with("--") => return TokenKind::Flag,
        b'K' if s.starts_with(GATE_ENV_PREFIX) => return TokenKind::Flag,
        b'\n' | b'.' | b'!' | b'?' => return TokenKind::SentenceEnd,
        _ => {}
    }
    if is_url(s) {
        return TokenKind::Url;
    }
    if let Some(r) = release_of(s) {
        return TokenKind::Release(r);
    }
    if s.contains('/') && s.contains('#') {
        return TokenKind::RepoHash;
    }
    if s.ends_with(|c: char| c.is_ascii_digit())
        && let Some(issue) = label_says_issue(s)
    {
        return TokenKind::Labelled { issue };
    }
    // `KEP-4639`, and a KEP's folder in the enhancements repository (`keps/sig-node/2400-node-swap`).
    if b.len() > 3 && b[..3].eq_ignore_ascii_case(b"kep") && b[b.len() - 1].is_ascii_digit()
        || s.starts_with("keps/sig-")
    {
        return TokenKind::Kep;
    }
    // `enhancements#127`: the enhancements repository's issue, which is the KEP.
    if b.len() > 12 && b[..11].eq_ignore_ascii_case(b"enhancement") && s.contains('#') {
        return TokenKind::Kep;
    }
    if b.len() > 3
        && b[..3].eq_ignore_ascii_case(b"sig")
        && matches!(b[3], b'/' | b'-' | b' ' | b':')
    {
        return TokenKind::Sig;
    }
    if let Some(kind) = classify_phrase(s) {
        return kind;
    }
    // `deprecate されました`: the English verb in a Japanese sentence (a title's `Deprecate X` is
    // a name).
    if b.len() > 9 && b[..9].eq_ignore_ascii_case(b"deprecate") && !s.is_ascii() {
        return TokenKind::StageWord(Stage::Deprecated);
    }
    if b[0].is_ascii_alphabetic() {
        return classify_word(s);
    }
    match s {
        "フィーチャーゲート" | "フィーチャーフラグ" | "機能ゲート" | "ゲート" => {
            TokenKind::GateKeyword
        }
        "アルファ" | "α" => TokenKind::StageWord(Stage::Alpha),
        "ベータ" | "β" => TokenKind::StageWord(Stage::Beta),
        "ステーブル" | "安定版" | "正式版" | "一般提供" | "ジーエー" => {
            TokenKind::StageWord(Stage::Stable)
        }
        // `廃止予定`: to be removed, so deprecated now; `廃止されました`: removed.
        "非推奨" | "廃止予定" | "デプリケート" => {
            TokenKind::StageWord(Stage::Deprecated)
        }
        // `オプトインで利用できます`, `オプトイン方式`: to be switched on, so off by default (not
        // `オプトインは不要になりました`).
        _ if s.starts_with("オプトイン") => TokenKind::Default(false),
        // `撤回されました`, `GA 申請を取り下げた`: withdrawn, as a postponement is (`GA 判断が一度撤回されましたが、…`).
        // `ベータ昇格を断念`, `諦めました`, `exception request が却下されました`: it did not happen.
        "見送" | "延期" | "持ち越" | "撤回" | "取り下げ" | "リバート" | "断念" | "諦め"
        | "あきらめ" | "却下" => TokenKind::Negation,
        // `予定通りベータに昇格しました`: as planned, so done.
        "予定通り" | "予定どおり" => TokenKind::Ident,
        // `ベータになったら検討`, `GA にできればと考えています`: a condition or a wish, not a fact
        // of the release.
        // `GA は未定`: not yet decided, so not yet.
        // `GA はまだ決まっていません`: undecided, as 未定.
        _ if s.contains("決まって") => TokenKind::Plan,
        // `GA に向けて作業中`: work toward the stage right before (see `scan_until`).
        _ if s.starts_with("に向け") => TokenKind::Plan,
        "目指" | "目標" | "予定" | "見込" | "計画" | "未定" | "なったら" | "昇格したら"
        | "移行したら" | "にしたら" | "なれば" | "できれば" | "できたら" => {
            TokenKind::Plan
        }
        // `1.31 で GA になると思われていた X は、結局 beta のままでした`: what was expected, which
        // the sentence goes on to say did not happen.
        "と思われていた" | "と思われていました" | "はずだった" | "はずでした" => {
            TokenKind::Plan
        }
        // `ベータになった…はず。要確認`: the writer's doubted belief, not a fact the article
        // states (the scanner keeps only a doubted `はず`).
        "はず" => TokenKind::Plan,
        // `GA になるまでは慎重に`: until then, so not yet (`GA になるまで 4 リリースかかった` looks
        // back, so only `までは`); `ベータへの昇格 PR がレビュー中`, `マージ待ち`: the change is not
        // in yet; `GA が楽しみです`, `GA が見えてくる`: a hope, a prospect; `ベータ昇格の例外申請`:
        // a request. All but the first three only of the stage right before them (see
        // `scan_until`).
        "なるまでは"
        | "されるまでは"
        | "昇格するまでは"
        | "レビュー中"
        | "レビュー待ち"
        | "マージ待ち"
        | "が楽しみ"
        | "を楽しみ"
        | "、楽しみ"
        | "、 楽しみ"
        | "が見えてく"
        | "が見えてき"
        | "例外申請" => TokenKind::Plan,
        // `GA はかなり楽しみ`, `GA がとても楽しみ`: the same hope, said more strongly.
        s if s.ends_with("楽しみ") => TokenKind::Plan,
        // Hopes, guesses and what comes next: `GA が待ち遠しい`, `GA になりそうです`, `GA 目前`,
        // `次のリリースでベータ`. (`に向けた`, `待たれていた`, `かもしれませんが`, `リリース候補`
        // are everyday words around statements of fact, so they are none.)
        "待ち遠しい"
        | "待ちたい"
        | "目前"
        | "まだ先"
        | "なりそう"
        | "されそう"
        | "昇格しそう"
        | "移行しそう"
        | "次のリリース"
        | "次回のリリース"
        | "次回"
        | "次期リリース" => TokenKind::Plan,
        // An aim and a guess right after the stage (`v1.35 でのベータ化を目論んでいます`,
        // `ベータに昇格させたい`, `ベータになるかもしれません`). Words of aim, proposal and expectation
        // in general (狙う, 提案されている, 期待されていた, 検討中だった, でしょう, 次回 not said of a stage) also describe
        // and comment on facts (`期待されていた KEP-1287 がついに GA に`), so they are none.
        "目論" | "に昇格させたい" => TokenKind::Plan,
        _ if is_proposed(s) => TokenKind::Plan,
        _ if is_a_spoken_plan(s) => TokenKind::Plan,
        // `KEP-753 の GA が期待されています`, `GA になることを期待しています`: a hope of the stage
        // right before it (see `scan`; `期待されていた KEP-1287 がついに GA に` is none).
        _ if s.ends_with("期待") => TokenKind::Plan,
        // `1.33 で GA になるとゲートがロックされ…`, `GA になってから検討します`, `GA になるまで本番では
        // 使いません`, `GA になり次第`, `GA したら`: a condition, what follows when it comes (see
        // `is_a_condition`).
        _ if is_a_condition(s) => TokenKind::Plan,
        // `ベータ昇格も実現してほしい`, `1.33 でアルファとして入れたい`: a wish.
        _ if is_a_wish(s) => TokenKind::Plan,
        // `GA を待ちます`, `GA 待ちです`: waiting for it, so not yet (only of the stage right
        // before; see `scan`).
        _ if WAITING.contains(&s) => TokenKind::Plan,
        // A guess and hearsay of what comes (`次でGAっぽい`, `1.34 で beta になるらしい`); of the
        // past (`なったらしい`) it reports a fact.
        "っぽい" | "なるらしい" | "されるらしい" | "するらしい" => {
            TokenKind::Plan
        }
        // `削除されるかもしれません` (after the removal word, which the scanner reads first): a guess.
        "るかもしれません" | "るかもしれない" => TokenKind::Plan,
        // `ベータ版に昇格させることが提案されています`, `非推奨とすることも検討されています`: a
        // proposal under way, not a change made (`KEP-1287 で提案された機能` describes one).
        _ if s.contains("ことが") || s.contains("ことも") => TokenKind::Plan,
        // `GA になるか注目です`, `ベータに昇格するかどうか`: a question of what comes (`なるから`
        // and `異なるか` are not; see `scan`).
        _ if s.ends_with('か') => TokenKind::Plan,
        _ if s.ends_with("かもしれません") || s.ends_with("かもしれない") => {
            TokenKind::Plan
        }
        "以前" | "これまで" | "従来" => TokenKind::Past,
        _ if HOW_LONG_WORDS.contains(&s) => TokenKind::Past,
        _ if s.starts_with("マイルストーンから") => TokenKind::Negation,
        // `` `X` 有効時に ``, `` `X` が有効な場合に ``: a state it is switched to.
        // `フィーチャーゲートはロックされ、無効にすることはできません`: kubernetes.io's words for a
        // gate locked on, which a feature's graduation to GA does (one locked off is not; see
        // `scan_until`).
        "ロックされ" | "をロック" => TokenKind::StageWord(Stage::Stable),

        "有効に" | "無効に" | "有効化" | "無効化" | "有効時" | "無効時" | "有効な場合"
        | "有効の場合" => TokenKind::Enable,
        "フィールド"
        | "構造体"
        | "コンディション"
        | "オブジェクト"
        | "リソース"
        | "コントローラ"
        | "コントローラー"
        | "メトリクス"
        | "プラグイン"
        | "モード"
        | "アクセスモード"
        | "アドミッションプラグイン"
        | "ボリューム"
        | "アノテーション"
        | "サブリソース"
        | "ラベル"
        | "プロバイダ"
        | "プロバイダー"
        | "値" => TokenKind::FieldWord,
        "。" | "！" | "？" => TokenKind::SentenceEnd,
        _ if [
            "削除",
            "廃止",
            "利用できなくな",
            "使用できなくな",
            "使えなくな",
            "なくな",
            "消え",
            "取り除か",
            "撤廃",
            "除去",
            "撤去",
        ]
        .iter()
        .any(|w| s.starts_with(w)) =>
        {
            TokenKind::StageWord(Stage::Removed)
        }
        // `デフォルトで新しいWatchListメカニズムを活用`: on by default, said another way (but not
        // `デフォルトでは`, which only says what happens by default).
        _ if s.starts_with("デフォルトで")
            && ![
                "有効",
                "無効",
                "オン",
                "オフ",
                "アクティブ",
                "ON",
                "OFF",
                "On",
                "Off",
                "true",
                "false",
            ]
            .iter()
            .any(|w| s.ends_with(w)) =>
        {
            TokenKind::Enable
        }
        // `既定で有効`, `標準で有効`, `初期値は true`: the same default in other words.
        _ if ["デフォルト", "既定", "初期値", "標準"]
            .iter()
            .any(|w| s.starts_with(w)) =>
        {
            TokenKind::Default(
                !["無効", "オフ", "OFF", "Off", "false"]
                    .iter()
                    .any(|w| s.ends_with(w)),
            )
        }
        _ => TokenKind::Ident,
    }
}

/// `PR 125103`, `Issue番号 123`, `プルリク 128266`: whether the word before the number names
/// an issue (else a pull request); `None` when it names neither (the scanner's pattern has
/// matched the shape).
fn label_says_issue(s: &str) -> Option<bool> {
    let lower = s.to_ascii_lowercase();
    if ["pr", "pull", "プルリ"]
        .iter()
        .any(|w| lower.starts_with(w))
    {
        Some(false)
    } else {
        ["issue", "イシュー"]
            .iter()
            .any(|w| lower.starts_with(w))
            .then_some(true)
    }
}

/// A URL: with its scheme, or one of the hosts authors write without one (`pr.k8s.io/456`,
/// `github.com/kubernetes/enhancements/issues/753`).
fn is_url(s: &str) -> bool {
    if s.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("http")) && s.contains("://") {
        return true;
    }
    let host = s.split('/').next().unwrap_or_default();
    [
        "github.com",
        "www.github.com",
        "kep.k8s.io",
        "pr.k8s.io",
        "prs.k8s.io",
        "issue.k8s.io",
        "issues.k8s.io",
        "git.k8s.io",
    ]
    .iter()
    .any(|h| host.eq_ignore_ascii_case(h))
        && s.len() > host.len() + 1
}

/// The stage word at `word` is denied: `ではありません`, `ではない`, `ではなく`, `じゃない`, `じゃなくて` after it,
/// or `not` / `isn't` / `aren't` before it.
fn denied(text: &str, word: Range<usize>) -> bool {
    // (`非推奨化ではない`: the word's 化 or 版 stands between.)
    let after = text[word.end..].trim_start_matches(['版', '化', ' ']);
    let before = text[..word.start].trim_end();
    [
        "ではありません",
        "ではない",
        "ではなく",
        // `まだ GA じゃなくて`, `GA じゃなかった`, `GA じゃありません`.
        "じゃな",
        "じゃありません",
        "ではな",
        // `GA にはならず、引き続きベータです`: it did not become that.
        "にはならず",
        "にならず",
        "にはならな",
        "にならな",
        "にはなりません",
        "になりません",
        "にはなっていません",
        "になっていません",
        // `まだベータになっていないので`.
        "にはなっていな",
        "になっていな",
        "には昇格していな",
        "に昇格していな",
        "にはなっておらず",
        "になっておらず",
        "には昇格せず",
        "に昇格せず",
        "には昇格していません",
        "に昇格していません",
        "には昇格しません",
        "に昇格しません",
        // `ベータにはまだなっていない`, `GA扱いではありません` (`GA には至っていません`: see
        // `not_reached`).
        "にはまだなっていな",
        "にまだなっていな",
        "扱いではな",
        "扱いではありません",
        "扱いにはならな",
        "扱いにならな",
        "とはされていな",
        "とはされていません",
        "とはされておらず",
        "にはまだなっていません",
        "にまだなっていません",
        "扱いにはなりません",
        // `ベータにはまだしていません`: the project has not made it so; `非推奨にするものではありません`.
        "にはまだしていな",
        "にまだしていな",
        "にはしていな",
        "にしていな",
        "にはまだしていません",
        "にまだしていません",
        "にはしていません",
        "にしていません",
        "にするものではな",
        "にするものではありません",
        "とするものではな",
        "とするものではありません",
        // `ベータ化されていません`, `GA になったわけではありません`, `デフォルトで有効になることも
        // ありません`.
        "化されていな",
        "化されていません",
        "になったわけではな",
        "になったわけではありません",
        "になることもな",
        "になることはな",
        "になることもありません",
        "になることはありません",
        "昇格ならず",
        "入りならず",
        "昇格は無し",
        "昇格はなし",
    ]
    .iter()
    .any(|w| after.starts_with(w))
        || denied_verb(&text[word.clone()], after)
        || not_reached(after)
        || casually_denied(after)
        || not_yet(after)
        || not_so_after_all(after)
        || promotion_not_done(after)
        || ["not", "isn't", "aren't", "not yet"].iter().any(|w| {
            before.len() >= w.len()
                && before.is_char_boundary(before.len() - w.len())
                && before[before.len() - w.len()..].eq_ignore_ascii_case(w)
                && !before[..before.len() - w.len()].ends_with(|c: char| c.is_ascii_alphanumeric())
        })
        || not_moved_to(before)
}

/// `既定で有効期限が…`, `デフォルトでオンプレミス`, `標準でオフラインの`: the default's last word
/// goes on into another (a kanji after 有効/無効 other than 化, katakana after オン/オフ), so the
/// phrase says nothing of a default.
fn word_goes_on(token: &str, after: &str) -> bool {
    let Some(next) = after.chars().next() else {
        return false;
    };
    let kanji = ('\u{4E00}'..='\u{9FFF}').contains(&next) && next != '化';
    let katakana = ('\u{30A0}'..='\u{30FF}').contains(&next);
    ((token.ends_with("有効") || token.ends_with("無効")) && kanji)
        || ((token.ends_with("オン") || token.ends_with("オフ")) && katakana)
}

/// `デプリケートされていません`, `deprecate されません`, `deprecate しない方針`: the verb of the stage
/// denied, after the word or after the stem the word holds (`deprecate され`, `deprecate し`).
fn denied_verb(word: &str, after: &str) -> bool {
    const DENIALS: [&str; 7] = [
        "されません",
        "されていな",
        "されていません",
        "されない",
        "されず",
        "しない",
        "しません",
    ];
    let stem = ["され", "し"]
        .into_iter()
        .find(|s| word.ends_with(s))
        .unwrap_or("");
    DENIALS.iter().any(|w| {
        w.strip_prefix(stem)
            .is_some_and(|rest| after.starts_with(rest))
    })
}

/// `GA には至っていません`, `GA に至らず`, `今回 GA へは進みませんでした`, `ベータに上げられません
/// でした`, `GA にできませんでした`, `ベータへの昇格ができなかった`: the stage, its particle (`に`,
/// `へ`, with or without `は`), then a verb of getting there (至る, 進む, 上げる, できる, なれる)
/// denied, or said unable.
fn not_reached(after: &str) -> bool {
    static NOT_REACHED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"^(?:(?:に|へ)は?(?:至(?:っていな|っていません|っておらず|らず|らなかった|りませんでした)|進(?:まず|まなかった|みませんでした|んでいな|んでいません)|(?:(?:引き)?上げ|昇格させ|移行させ)られ(?:ず|なかった|ませんでした|ていな|ていません)|(?:昇格|移行)?でき(?:ず|なかった|ませんでした|ていな|ていません)|なれ(?:ず|なかった|ませんでした|ていな|ていません))|(?:への)?(?:昇格|化)(?:が|は)?でき(?:ず|なかった|ませんでした|ていな|ていません))",
        )
        .unwrap()
    });
    NOT_REACHED.is_match(after)
}

/// `GA はまだ。`, `GA はまだです`, `GA はもう少し先ですね`: the stage said not to have come yet.
fn not_yet(after: &str) -> bool {
    static NOT_YET: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^\s*(?:は|も)\s*(?:まだ|まだ先|もう少し先|先)\s*(?:です|だ|ですね|かな|みたい|っぽい|でした)?\s*(?:[。、,.!！?？)）]|$)").unwrap()
    });
    NOT_YET.is_match(after)
}

/// `GA 昇格はしていません`, `beta に昇格しなかった`, `GA になってない`, `GA にはなってません`,
/// `今回も GA 昇格せず`, `GA 昇格なし`, `の GA はなし`, `GA に上がらなかった`: the spoken and
/// plain forms of a move not made (the dropped `い` of `なってない`, the plain past `しなかった`).
fn casually_denied(after: &str) -> bool {
    static CASUAL: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"^\s*(?:への|に|には|へは|へ)?\s*(?:昇格|移行|入り)?\s*(?:は|も)?\s*(?:まだ|今回も|今回は)?\s*(?:して(?:い)?(?:ません|ない|なかった|なくて)|してなかった|しなかった|せず|なし|無し|なってない|なってません|なってなかった|なってなくて|なれなかった|上がって(?:い)?(?:ない|ません|なかった)|上がらな|上がらず|入って(?:い)?(?:ない|ません|なかった)|入らな|入らず)",
        )
        .unwrap()
    });
    CASUAL.is_match(after)
}

/// `のベータ昇格は 1.34 では行わない`, `への昇格はしません`: the move to the stage, as the subject of
/// its clause, is said not to be made.
fn promotion_not_done(after: &str) -> bool {
    // The move, then at most when (`1.34 では`, `今回は`), then its own verb denied.
    static NOT_DONE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"^(?:への)?(?:昇格|化)は\s*(?:(?:v?1\.[0-9]{1,2}|今回|次回)\s*(?:では|で|には|は)?\s*)?(?:行わない|行いません|しない|しません|なし|無し|見送り|予定はな|予定はありません)",
        )
        .unwrap()
    });
    NOT_DONE.is_match(after)
}

/// Whether `before` ends with an ASCII name, or a name and `という` (`` `AppArmorFields` という ``),
/// spaces and backticks aside.
fn after_a_name(before: &str) -> bool {
    let before = before.trim_end();
    before
        .strip_suffix("という")
        .unwrap_or(before)
        .trim_end_matches([' ', '`'])
        .ends_with(|c: char| c.is_ascii_alphanumeric())
}

/// Whether a lowercase stage word at `word` stands inside a name of several hyphens
/// (`pull-kubernetes-e2e-kind-alpha-features`): the run of ASCII letters, digits and hyphens
/// around it holds two hyphens or more and no `-to-` (`alpha-to-beta` is a move).
fn in_hyphenated_name(text: &str, word: Range<usize>) -> bool {
    let part = |c: char| c.is_ascii_alphanumeric() || c == '-';
    let start = text[..word.start]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| part(c))
        .last()
        .map_or(word.start, |(i, _)| i);
    let end = text[word.end..]
        .char_indices()
        .take_while(|&(_, c)| part(c))
        .last()
        .map_or(word.end, |(i, c)| word.end + i + c.len_utf8());
    let run = &text[start..end];
    run.matches('-').count() >= 2 && !run.to_ascii_lowercase().contains("-to-")
}

/// `GA が楽しみ`, `の GA と`, `の GA は Exception 申請`, `ベータ昇格 PR（#1）はレビュー中`: the text before `end` is a stage word
/// of `tokens` (the scanner's own, so every spelling it knows) and its move (`昇格`, `化`), and,
/// for pending work (`pr`), the PR of it.
pub(super) fn follows_a_stage(text: &str, tokens: &[Token], end: usize, pr: bool) -> bool {
    static MOVE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^\s*(?:へ|に)?の?(?:昇格|移行|化|入り)?(?:の|は)?\s*$").unwrap()
    });
    static MOVE_PR: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^\s*(?:へ|に)?の?(?:昇格|移行|化)?の?\s*(?:PR|プルリク(?:エスト)?)\s*(?:[（(][^)）]*[)）])?\s*(?:は|が)?\s*(?:現在|今|まだ)?\s*$").unwrap()
    });
    let before = &tokens[..tokens.partition_point(|t| t.range.end <= end)];
    before
        .iter()
        .rev()
        .find(|t| matches!(t.kind, TokenKind::StageWord(_)))
        .is_some_and(|t| {
            let gap = &text[t.range.end..end];
            if pr {
                MOVE_PR.is_match(gap)
            } else {
                MOVE.is_match(gap)
            }
        })
}

/// `非推奨になるわけではありません`, `GA になったわけではない`, `廃止されたわけではない`: the
/// statement after the stage word, before its clause ends, says it is not so.
fn not_so_after_all(after: &str) -> bool {
    let Some(at) = after.find("わけ") else {
        return false;
    };
    // Only the verb of becoming the stage between (not `GA になり困るわけではない`).
    let verb = &after[..at];
    let rest = &after[at..];
    [
        "",
        "に",
        "になった",
        "になる",
        "になっている",
        "とされた",
        "とされる",
        "された",
        "される",
        "化された",
        "化される",
        "化する",
        "した",
        "する",
        "だった",
        "な",
    ]
    .contains(&verb)
        && ["わけではな", "わけではありません", "わけじゃな"]
            .iter()
            .any(|w| rest.starts_with(w))
}

/// `has not graduated to beta`, `did not make it to beta`, `was never promoted to GA`: a denial
/// of the move a few words before the stage word.
fn not_moved_to(before: &str) -> bool {
    let words: Vec<&str> = before.split_whitespace().rev().take(4).collect();
    let Some(last) = words.first() else {
        return false;
    };
    // Up to a comma or a name: `` `A`, not `B`, graduated to GA `` denies nothing of A's move.
    let mut near = words[1..]
        .iter()
        .take_while(|w| !w.ends_with(',') && !w.contains('`'));
    ["to", "into", "as"].contains(&last.to_ascii_lowercase().as_str())
        && near.any(|w| {
            let w = w.to_ascii_lowercase();
            w == "not" || w == "never" || w.ends_with("n't")
        })
}

/// Whether `次回` at `start..end` is said of a stage: right before one or a release
/// (`次回ベータ`, `次回は GA`, `次回リリース`), alone in brackets right after one (`ベータ（次回）`),
/// or ending a promotion's topic (`ベータ昇格は次回。`, `…は次回リリースで`); not `次回の記事で`,
/// `次回リリースノートで` or `（次回で詳しく解説します）`. `last` is the token before it.
fn next_time_of_a_stage(text: &str, last: Option<&Token>, start: usize, end: usize) -> bool {
    let after = text[end..].trim_start();
    let release = after.starts_with("リリース") && !after.starts_with("リリースノート");
    let word_after = ["は", "で", "に"]
        .iter()
        .find_map(|p| after.strip_prefix(p))
        .map_or(after, str::trim_start);
    // The word right after, read by the scanner's own pattern (within a few characters: the
    // pattern must not search the rest of a long block for each `次回`).
    let head = word_after
        .char_indices()
        .nth(16)
        .map_or(word_after, |(k, _)| &word_after[..k]);
    let stage_after = MASTER
        .find(head)
        .is_some_and(|m| m.start() == 0 && matches!(classify(m.as_str()), TokenKind::StageWord(_)));
    let before = text[..start].trim_end();
    let bracketed = before.ends_with(['(', '（']) && after.starts_with([')', '）']);
    let after_a_stage = last.is_some_and(|t| {
        matches!(t.kind, TokenKind::StageWord(_))
            && t.range.end == before.trim_end_matches(['(', '（']).trim_end().len()
    });
    // `ベータ昇格は次回。`, `` `X` のベータは次回 ``, `β は次回〜`.
    let topic = before.strip_suffix('は').map(str::trim_end);
    let stage_topic = topic.is_some_and(|t| {
        t.ends_with("昇格")
            || last.is_some_and(|l| {
                matches!(l.kind, TokenKind::StageWord(_)) && l.range.end == t.len()
            })
    });
    let ends_a_topic = stage_topic
        && (release
            || after.is_empty()
            || after.starts_with(['。', '.', '〜', '~', '～', '！', '!', '？', '?', '\n']));
    release || stage_after || (bracketed && after_a_stage) || ends_a_topic
}

/// `v1.31`, `Kubernetes 1.31`, `k8s 1.31`, `ver.1.31` → 1.31.
fn release_of(s: &str) -> Option<Release> {
    // `k8s` holds a digit of its own.
    let rest = s
        .get(..3)
        .filter(|p| p.eq_ignore_ascii_case("k8s"))
        .map_or(s, |_| &s[3..]);
    let digits = rest.trim_start_matches(|c: char| !c.is_ascii_digit());
    if digits.len() == s.len() && !s.contains('.') {
        return None;
    }
    Release::read(digits)
}

/// `v1alpha1` → alpha, `v2beta3` → beta.
fn api_version_stage(s: &str) -> Option<Stage> {
    let rest = s.strip_prefix('v')?;
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.len() + 1 == s.len() {
        return None;
    }
    let (stage, tail) = if let Some(t) = rest.strip_prefix("alpha") {
        (Stage::Alpha, t)
    } else {
        (Stage::Beta, rest.strip_prefix("beta")?)
    };
    (!tail.is_empty() && tail.bytes().all(|b| b.is_ascii_digit())).then_some(stage)
}

/// The English phrases that are one word here: `generally available` (GA), `enabled by default`.
fn classify_phrase(s: &str) -> Option<TokenKind> {
    if !s.contains([' ', '-']) {
        return None;
    }
    let lower = s.to_ascii_lowercase();
    Some(match lower.as_str() {
        "generally available" | "generally-available" => TokenKind::StageWord(Stage::Stable),
        // `is now locked to true`: the release notes' words for a gate locked on at GA.
        "locked to true" | "locked to enabled" | "locked to on" => {
            TokenKind::StageWord(Stage::Stable)
        }
        // Notes write it short: `default off`, `default ON`.
        "enabled by default" | "on by default" | "default on" | "default-on"
        | "default enabled" => TokenKind::Default(true),
        "disabled by default"
        | "off by default"
        | "default off"
        | "default-off"
        | "default disabled" => TokenKind::Default(false),
        _ => return None,
    })
}

fn classify_word(s: &str) -> TokenKind {
    if s == "GA" {
        return TokenKind::StageWord(Stage::Stable);
    }
    // Every word below is shorter than this: a longer word is an identifier, and a shorter one
    // is lowered on the stack.
    const LONGEST: usize = 16;
    if s.len() > LONGEST {
        return TokenKind::Ident;
    }
    let mut buf = [0u8; LONGEST];
    let lower = &mut buf[..s.len()];
    lower.copy_from_slice(s.as_bytes());
    lower.make_ascii_lowercase();
    let lower = std::str::from_utf8(lower).expect("lowering ASCII letters keeps UTF-8");
    if matches!(
        lower,
        "featuregate" | "featuregates" | "featureflag" | "featureflags"
    ) {
        return TokenKind::GateKeyword;
    }
    match lower {
        // `beta2`, `alpha2`: a KEP's own names for its second beta or alpha.
        "alpha" | "alpha1" | "alpha2" | "alpha3" => TokenKind::StageWord(Stage::Alpha),
        "beta" | "beta1" | "beta2" | "beta3" => TokenKind::StageWord(Stage::Beta),
        "stable" => TokenKind::StageWord(Stage::Stable),
        "deprecated" | "deprecation" => TokenKind::StageWord(Stage::Deprecated),
        "removed" | "removal" => TokenKind::StageWord(Stage::Removed),
        "revert" | "reverted" | "postponed" | "deferred" | "pulled" | "withdrawn" => {
            TokenKind::Negation
        }
        // An exception request of a stage (`ベータ昇格の Exception`), a plan; see `scan_until`.
        "exception" => TokenKind::Plan,
        "aim" | "aims" | "aiming" | "planned" | "plans" | "planning" | "expected" | "targeting"
        | "targeted" | "slated" | "hopefully" | "upcoming" => TokenKind::Plan,
        "previously" | "formerly" => TokenKind::Past,
        "will" => TokenKind::Will,
        "enable" | "enabled" | "disable" | "disabled" | "enabling" | "disabling" => {
            TokenKind::Enable
        }
        "field" | "fields" | "struct" | "condition" | "object" | "objects" | "api" | "apis"
        | "resource" | "resources" | "kind" | "type" | "controller" | "metric" | "metrics"
        | "plugin" | "plugins" | "value" | "mode" | "reconciler" | "volume" | "volumes"
        | "annotation" | "annotations" => TokenKind::FieldWord,
        _ => TokenKind::Ident,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(TokenKind, &str)> {
        scan(text, std::slice::from_ref(&(0..text.len())), &[])
            .into_iter()
            .map(|t| (t.kind, &text[t.range]))
            .collect()
    }

    #[test]
    fn urls_swallow_fragments_and_numbers() {
        let k = kinds("詳細は https://k8s.io/a#128266 を参照");
        assert_eq!(k[0], (TokenKind::Url, "https://k8s.io/a#128266"));
        assert!(!k.iter().any(|(kind, _)| *kind == TokenKind::Hash));
    }

    #[test]
    fn urls_without_a_scheme_on_known_hosts() {
        for url in [
            "pr.k8s.io/456",
            "issue.k8s.io/789",
            "kep.k8s.io/3157",
            "github.com/kubernetes/enhancements/issues/753",
            "www.github.com/kubernetes/kubernetes/pull/1",
            "HTTPS://kep.k8s.io/1",
        ] {
            let text = format!("詳細は{url}を参照");
            assert_eq!(kinds(&text)[0], (TokenKind::Url, url), "{url}");
        }
        let k = kinds("gist.github.com/x/y と example.com/pr と k8s.io/docs");
        assert!(!k.iter().any(|(kind, _)| *kind == TokenKind::Url), "{k:?}");
    }

    #[test]
    fn api_versions_are_stage_words_only_before_api() {
        let k = kinds(
            "x.k8s.io/v1alpha1 API と the v1beta1 API と v1beta1 と v1alpha1 APIが と alpha版 と GAしている",
        );
        assert!(k.contains(&(TokenKind::ApiVersion(Stage::Alpha), "v1alpha1")));
        assert!(k.contains(&(TokenKind::ApiVersion(Stage::Beta), "v1beta1")));
        assert!(k.contains(&(TokenKind::Ident, "v1beta1")));
        assert!(k.contains(&(TokenKind::Ident, "v1alpha1")));
        assert!(k.contains(&(TokenKind::StageWord(Stage::Alpha), "alpha")));
        assert!(k.contains(&(TokenKind::StageWord(Stage::Stable), "GA")));
    }

    #[test]
    fn feature_gate_written_as_two_words_is_one_keyword() {
        let k = kinds("Feature Gate の ImageVolume");
        assert_eq!(k[0], (TokenKind::GateKeyword, "Feature Gate"));
        assert_eq!(k[1], (TokenKind::Ident, "ImageVolume"));
    }

    #[test]
    fn planned_removal_is_not_a_removal() {
        let k = kinds("今後のリリースで削除される予定です。FeatureGate X が削除されました");
        let removed: Vec<&str> = k
            .iter()
            .filter(|(kind, _)| *kind == TokenKind::StageWord(Stage::Removed))
            .map(|(_, s)| *s)
            .collect();
        assert_eq!(removed, ["削除されました"]);
    }

    #[test]
    fn removal_said_other_ways_and_greek_stages() {
        let stages = |text| -> Vec<Stage> {
            kinds(text)
                .iter()
                .filter_map(|(kind, _)| match kind {
                    TokenKind::StageWord(s) => Some(*s),
                    _ => None,
                })
                .collect()
        };
        for text in [
            "Xは削除済みです",
            "Xが取り除かれました",
            "Xが撤廃されました",
            "Xが除去された",
            "Xも削除されています",
            "Xは廃止されており",
        ] {
            assert_eq!(stages(text), [Stage::Removed], "{text}");
        }
        // A removal whose clause goes on, or that ends an aside, is one when a name, the word
        // ゲート or a release stands right before it; an object's deletion is none.
        for text in [
            "`KMSv2KDF`が削除され、Yに置き換えられました",
            "KEP-1234 は削除され、",
            "`KMSv2` ゲートも削除され、",
            "v1.32 で削除され、",
            "`KMSv2KDF`（1.32 で削除）",
        ] {
            assert_eq!(stages(text), [Stage::Removed], "{text}");
        }
        for text in [
            "Podが削除され、再作成されます",
            "古いイメージは削除され、",
            "Pod が削除、再作成されることなく",
            "（スケールダウン時に PVC も削除）",
        ] {
            assert_eq!(stages(text), [], "{text}");
        }
        assert_eq!(
            stages("GA を経て削除され、"),
            [Stage::Stable, Stage::Removed]
        );
        // Withdrawn is postponed, not removed.
        assert!(kinds("Xが撤回されました").contains(&(TokenKind::Negation, "撤回")));
        // A plan or a denial.
        for text in [
            "削除される",
            "削除されます",
            "削除されない",
            "削除することはありません",
        ] {
            assert_eq!(stages(text), [], "{text}");
        }
        assert_eq!(stages("α版で入り、βに昇格"), [Stage::Alpha, Stage::Beta]);
    }

    #[test]
    fn sig_labels_and_handles() {
        let k = kinds("(#119026, @AxeZhan) [sig/node,sig/api-machinery] SIG-API Machinery");
        assert_eq!(k[0], (TokenKind::Hash, "#119026"));
        assert_eq!(k[1], (TokenKind::Handle, "@AxeZhan"));
        assert_eq!(k[2], (TokenKind::Sig, "sig/node"));
        assert_eq!(k[3], (TokenKind::Sig, "sig/api-machinery"));
        assert_eq!(k[4], (TokenKind::Sig, "SIG-API Machinery"));
    }

    #[test]
    fn releases_and_deferrals() {
        let k =
            kinds("v1.26でアルファ、Kubernetes 1.31 と 1.30.2 は deferred。マイルストーンから削除");
        assert_eq!(k[0], (TokenKind::Release("1.26".parse().unwrap()), "v1.26"));
        assert!(k.contains(&(
            TokenKind::Release("1.31".parse().unwrap()),
            "Kubernetes 1.31"
        )));
        assert!(k.contains(&(TokenKind::Negation, "deferred")));
        assert!(k.contains(&(TokenKind::Negation, "マイルストーンから削除")));
        assert!(
            !k.iter()
                .any(|(kind, _)| *kind == TokenKind::StageWord(Stage::Removed))
        );
    }

    #[test]
    fn alphabet_is_not_alpha() {
        let k = kinds("アルファベット順");
        assert!(
            !k.iter()
                .any(|(kind, _)| matches!(kind, TokenKind::StageWord(_)))
        );
    }
}

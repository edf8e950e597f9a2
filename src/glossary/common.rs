//! Everyday loanwords: katakana every Japanese reader knows (`セット`, `テキスト`, `バージョン`)
//! that an article's English pairs with perfectly (`Set`/`セット`) and that are still no glossary
//! entry: a reader never looks them up, and a glossary full of them hides the terms that
//! matter. An extracted pair whose Japanese is one of them is not made a candidate, so it is
//! neither in the index nor suggested; a curated or official entry of the same spelling is kept
//! (the site or kubernetes.io chose it).
//!
//! The official glossary has everyday words of its own: the people and roles of the community
//! (kubernetes.io tags them `user-type` or `community`: コントリビューター, メンバー, SIG) and the
//! general words it defines for completeness (名前, イメージ, 期間, リソース). `shiori glossary
//! import` marks those `common = true`, as a site marks its own everyday terms in terms.toml:
//! they keep their entry and term page, and articles link them only when written for beginners
//! (see [`is_everyday_official`]).
//!
//! The list is of general IT and everyday words, never of Kubernetes concepts (`ポリシー` and
//! `プラグイン` are here as the general words; `Pod`, `ノード`, `コンテナ` are not). Spellings fold
//! as the glossary folds them (`サーバ`/`サーバー`, `メモリ`/`メモリー`).
use std::collections::BTreeSet;
use std::sync::LazyLock;

use super::terms::form_key;

const EVERYDAY: &[&str] = &[
    "アイデア",
    "アクセス",
    "アップデート",
    "アドレス",
    "イベント",
    "インターフェース",
    "エラー",
    "オプション",
    "オンライン",
    "カスタム",
    "クライアント",
    "クラウド",
    "クラッシュ",
    "グループ",
    "コード",
    "コスト",
    "コマンド",
    "コミュニティ",
    "コンテキスト",
    "コンテンツ",
    "サーバー",
    "サイズ",
    "サポート",
    "システム",
    "スキーマ",
    "スケジュール",
    "スタート",
    "ステータス",
    "スペース",
    "セキュリティ",
    "セット",
    "ソース",
    "ソフトウェア",
    "タイプ",
    "タグ",
    "ダイナミック",
    "チーム",
    "ツール",
    "データ",
    "テキスト",
    "デバッグ",
    "デフォルト",
    "テスト",
    "ドキュメント",
    "ドライバー",
    "トレーニング",
    "ネイティブ",
    "ネットワーク",
    "バージョン",
    "バグ",
    "パラメーター",
    "ヒント",
    "ファイル",
    "フィールド",
    "ブロック",
    "プログラム",
    "プロジェクト",
    "プロセス",
    "プロバイダー",
    "ポート",
    "ポリシー",
    "プラグイン",
    "メッセージ",
    "メモリ",
    "モード",
    "ユーザー",
    "ランダム",
    "リクエスト",
    "リスト",
    "リモート",
    "リリース",
    "レスポンス",
    "レベル",
    "ローカル",
    "ログ",
    "ウェビナー",
];

static KEYS: LazyLock<BTreeSet<String>> =
    LazyLock::new(|| EVERYDAY.iter().map(|w| form_key(w)).collect());

/// Whether `ja` is an everyday loanword (see the module doc).
pub fn is_everyday(ja: &str) -> bool {
    KEYS.contains(&form_key(ja))
}

/// kubernetes.io's tags for kinds of people and community roles.
const EVERYDAY_OFFICIAL_TAGS: &[&str] = &["user-type", "community"];

/// Official entries of general words (by kubernetes.io id): what every reader of a release
/// article knows without a tooltip, though the glossary defines it.
const EVERYDAY_OFFICIAL_IDS: &[&str] = &[
    "api-resource",
    "applications",
    "condition",
    "duration",
    "event",
    "image",
    "kubernetes-api",
    "name",
    "object",
    "proxy",
    "selector",
    "spec",
    "uid",
];

/// Whether the official glossary's entry `id` with kubernetes.io's `tags` is an everyday word
/// of the field (see the module doc).
pub(crate) fn is_everyday_official(id: &str, tags: &[String]) -> bool {
    EVERYDAY_OFFICIAL_IDS.contains(&id)
        || tags
            .iter()
            .any(|t| EVERYDAY_OFFICIAL_TAGS.contains(&t.as_str()))
}

#[cfg(test)]
mod tests {
    use super::{is_everyday, is_everyday_official};

    #[test]
    fn people_roles_and_general_words_of_the_official_glossary_are_everyday() {
        let tags = |t: &[&str]| t.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(is_everyday_official("contributor", &tags(&["community"])));
        assert!(is_everyday_official(
            "cluster-operator",
            &tags(&["user-type"])
        ));
        assert!(is_everyday_official("name", &tags(&["fundamental"])));
        // Kubernetes objects and mechanisms are what a reader looks up.
        assert!(!is_everyday_official(
            "configmap",
            &tags(&["core-object", "fundamental"])
        ));
        assert!(!is_everyday_official("eviction", &tags(&["operation"])));
    }

    #[test]
    fn everyday_loanwords_fold_but_terms_and_compounds_are_not_everyday() {
        for w in [
            "セット",
            "テキスト",
            "バージョン",
            "サーバ",
            "メモリー",
            "ﾃﾞﾌｫﾙﾄ",
        ] {
            assert!(is_everyday(w), "{w}");
        }
        for w in [
            "Pod",
            "ノード",
            "コンテナ",
            "サイドカーコンテナ",
            "ファイルシステム",
            "セット数",
        ] {
            assert!(!is_everyday(w), "{w}");
        }
    }
}

//! Everyday loanwords: katakana every Japanese reader knows (`セット`, `テキスト`, `バージョン`)
//! that an article's English pairs with perfectly (`Set`/`セット`) and that are still no glossary
//! entry: a reader never looks them up, and a glossary full of them hides the terms that
//! matter. An extracted pair whose Japanese is one of them is not made a candidate, so it is
//! neither in the index nor suggested; a curated or official entry of the same spelling is kept
//! (the site or kubernetes.io chose it).
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

#[cfg(test)]
mod tests {
    use super::is_everyday;

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

pub mod matcher;
pub mod romanize;
pub mod terms;

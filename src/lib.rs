pub mod japanese;

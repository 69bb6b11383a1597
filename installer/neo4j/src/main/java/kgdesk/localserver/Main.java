package kgdesk.localserver;
public class Main { public static void main(String[] a) {} }
